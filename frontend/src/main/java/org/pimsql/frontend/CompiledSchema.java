package org.pimsql.frontend;

import org.pimsql.frontend.analysis.SchemaAnalysis;
import org.pimsql.frontend.catalog.Catalog;

/** A schema that compiled: its catalog (tables and procedure IR) and the analysis of every procedure. */
public record CompiledSchema(Catalog catalog, SchemaAnalysis analysis) {}
