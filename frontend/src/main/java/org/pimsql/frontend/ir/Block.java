package org.pimsql.frontend.ir;

import java.util.List;

/** A sequence of statements (a BEGIN ... END body, a THEN branch, a loop body). */
public record Block(List<Stmt> statements) {}
