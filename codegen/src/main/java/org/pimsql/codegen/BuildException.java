package org.pimsql.codegen;

/** A program could not be built: clang failed (the compiler output is kept) or a procedure cannot fit a DPU. */
public final class BuildException extends Exception {
    private final String compilerOutput;

    public BuildException(String message, String compilerOutput) {
        super(compilerOutput.isEmpty() ? message : message + "\n" + compilerOutput);
        this.compilerOutput = compilerOutput;
    }

    public BuildException(String message) {
        this(message, "");
    }

    /** What the compiler or linker printed ("" when the error is not a compiler failure). */
    public String compilerOutput() {
        return compilerOutput;
    }
}
