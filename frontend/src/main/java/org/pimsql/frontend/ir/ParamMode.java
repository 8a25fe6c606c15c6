package org.pimsql.frontend.ir;

/** How a variable is bound: a procedure parameter of some mode, or a local (DECLARE or FOR loop). */
public enum ParamMode { IN, OUT, INOUT, LOCAL }
