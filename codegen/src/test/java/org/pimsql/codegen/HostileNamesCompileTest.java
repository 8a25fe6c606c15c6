package org.pimsql.codegen;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.frontend.ScriptCompiler;
import org.pimsql.frontend.SqlScript;
import org.pimsql.frontend.catalog.Catalog;

/** Quoted identifiers and literals full of C syntax generate C that compiles warning-free on both targets. */
class HostileNamesCompileTest {
    @TempDir
    Path out;

    static final String SQL = """
            CREATE TABLE "a*/b" ("x*/y" INTEGER NOT NULL, "we ird\"\"\" VARCHAR(20), PRIMARY KEY ("x*/y"));
            PARTITION TABLE "a*/b" ON COLUMN "x*/y";
            CREATE PROCEDURE "p*/q"(IN "i*/" INTEGER, INOUT "o??=" VARCHAR(20))
                MODIFIES SQL DATA
            BEGIN ATOMIC
                DECLARE "v/*" VARCHAR(20) DEFAULT 'x\\n"*/ ??= /* ''';
                INSERT INTO "a*/b" ("x*/y", "we ird\"\"\") VALUES ("i*/", "v/*");
                SELECT "we ird\"\"\" INTO "o??=" FROM "a*/b" WHERE "x*/y" = "i*/";
                IF "o??=" <> 'x\\n"*/ ??= /* ''' THEN
                    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '*/ "\\ ''';
                END IF;
            END;
            """;

    @Test
    void hostileIdentifiersAndLiteralsCompile() throws Exception {
        Catalog catalog = ScriptCompiler.compile(List.of(new SqlScript("hostile.sql", SQL)));
        CodegenResult r = Codegen.generate(catalog, out, new CodegenOptions(true, true, 1 << 20, 16, "clang"));
        String c = Files.readString(r.programs().get(0).cSource());
        for (String line : c.split("\n")) {
            int open = line.indexOf("/*");
            if (open >= 0) {
                int close = line.indexOf("*/", open + 2);
                assertTrue(close < 0 || line.indexOf("*/", close + 2) < 0 || line.startsWith("    {"),
                        "comment closed twice on one line: " + line);
            }
        }
        assertTrue(c.contains("\"x\\134n\\042*/ \\077\\077= /* '\""), "escaped literal missing");
        assertFalse(c.contains("??="), "a trigraph reached the C source");
        assertTrue(Files.size(r.programs().get(0).nativeLibrary()) > 0);
    }
}
