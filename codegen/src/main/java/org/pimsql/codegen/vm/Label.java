package org.pimsql.codegen.vm;

/** A jump target; bound to an instruction index once the code that follows it is emitted. */
final class Label {
    int target = -1;
}
