package org.pimsql.frontend.analysis;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Index;
import org.pimsql.frontend.catalog.SourcePos;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Access;
import org.pimsql.frontend.ir.Block;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.ParamMode;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.Source;
import org.pimsql.frontend.ir.Stmt;
import org.pimsql.frontend.ir.Variable;

/** Builds catalog and procedure IR by hand, so analysis tests do not depend on the parser. */
final class IrFixture {
    private IrFixture() {}

    static final String FILE = "test.sql";

    static SourcePos at(int line) {
        return new SourcePos(FILE, line, 5);
    }

    /** A table; {@code pk} and {@code partition} are column ordinals; secondary indexes by name and ordinals. */
    static Table table(int id, String name, List<Column> columns, List<Integer> pk, List<Integer> partition,
                       Index... secondary) {
        return new Table(id, name, columns, new Index(name + "_PK", name, pk, true, true, at(1)),
                List.of(secondary), partition, at(1));
    }

    static Column column(String name, int ordinal, SqlType type) {
        return new Column(name, ordinal, type, true, at(1));
    }

    static Index index(String name, String table, Integer... columns) {
        return new Index(name, table, List.of(columns), false, false, at(1));
    }

    static Catalog catalog(List<Table> tables, Procedure... procedures) {
        var t = new LinkedHashMap<String, Table>();
        tables.forEach(x -> t.put(x.name(), x));
        var p = new LinkedHashMap<String, Procedure>();
        for (Procedure x : procedures) {
            p.put(x.name(), x);
        }
        return new Catalog(t, p);
    }

    // ---- expressions -------------------------------------------------------------------------------

    static Expr ref(Variable v) {
        return new Expr.VarRef(v);
    }

    static Expr lit(long v) {
        return new Expr.Literal(v, SqlType.BIGINT);
    }

    static Expr str(String s) {
        return new Expr.Literal(s, SqlType.varchar(s.length()));
    }

    static Expr col(int source, Column c) {
        return new Expr.ColumnRef(source, c);
    }

    static Expr bin(Expr.BinaryOp op, Expr l, Expr r) {
        SqlType type = switch (op) {
            case EQ, NE, LT, LE, GT, GE, AND, OR -> SqlType.BOOLEAN;
            case CONCAT -> SqlType.varchar(100);
            default -> l.type();
        };
        return new Expr.Binary(op, l, r, type);
    }

    static Expr eq(Expr l, Expr r) {
        return bin(Expr.BinaryOp.EQ, l, r);
    }

    static Expr add(Expr l, Expr r) {
        return bin(Expr.BinaryOp.ADD, l, r);
    }

    static Expr elem(Variable array, Expr index) {
        return new Expr.ArrayElement(array, index);
    }

    static Expr cardinality(Variable array) {
        return new Expr.Cardinality(array);
    }

    // ---- sources and queries -----------------------------------------------------------------------

    static Source byPk(int index, Table t, Expr... key) {
        return new Source(index, t, t.name(), new Access.PrimaryKey(List.of(key)), null);
    }

    static Source byIndex(int index, Table t, Index idx, Expr... prefix) {
        return new Source(index, t, t.name(), new Access.IndexRange(idx, List.of(prefix), null, null, false), null);
    }

    static Source scan(int index, Table t, Expr filter) {
        return new Source(index, t, t.name(), new Access.FullScan(), filter);
    }

    static Query select(List<Source> sources, Expr... outputs) {
        var cols = new ArrayList<Query.OutputColumn>();
        for (int i = 0; i < outputs.length; i++) {
            cols.add(new Query.OutputColumn("C" + i, outputs[i]));
        }
        return new Query(sources, cols, false, false, List.of(), false, null, null);
    }

    /** Builds one procedure; statements get ids in source order (a compound statement before its body). */
    static final class Proc {
        private final String name;
        private final List<Variable> params = new ArrayList<>();
        private final List<Variable> locals = new ArrayList<>();
        private final Deque<List<Stmt>> blocks = new ArrayDeque<>();
        private int nextVar;
        private int nextStmt = 1;
        private int line = 2;

        Proc(String name) {
            this.name = name;
            blocks.push(new ArrayList<>());
        }

        Variable in(String n, SqlType t) {
            return param(n, t, ParamMode.IN);
        }

        Variable param(String n, SqlType t, ParamMode mode) {
            if (!locals.isEmpty()) {
                throw new IllegalStateException("declare parameters before locals");
            }
            var v = new Variable(nextVar++, n, t, mode, null, at(1));
            params.add(v);
            return v;
        }

        Variable local(String n, SqlType t, Expr defaultValue) {
            var v = new Variable(nextVar++, n, t, ParamMode.LOCAL, defaultValue, at(line++));
            locals.add(v);
            return v;
        }

        private <S extends Stmt> S add(S s) {
            blocks.peek().add(s);
            return s;
        }

        private int id() {
            return nextStmt++;
        }

        private SourcePos pos() {
            return at(line++);
        }

        Stmt set(Variable v, Expr e) {
            return add(new Stmt.Assign(id(), v, e, pos(), "SET " + v.name() + " = ..."));
        }

        Stmt selectInto(Query q, Variable... targets) {
            return add(new Stmt.SelectInto(id(), q, List.of(targets), pos(), "SELECT ... INTO ..."));
        }

        Stmt insert(Table t, Expr... values) {
            return add(new Stmt.Insert(id(), t, List.of(values), pos(), "INSERT INTO " + t.name() + " VALUES (...)"));
        }

        Stmt update(Source target, Column c, Expr value) {
            return add(new Stmt.Update(id(), target, List.of(new Stmt.SetClause(c, value)), pos(),
                    "UPDATE " + target.table().name() + " SET ..."));
        }

        Stmt delete(Source target) {
            return add(new Stmt.Delete(id(), target, pos(), "DELETE FROM " + target.table().name()));
        }

        Stmt signal(String message) {
            return add(new Stmt.Signal(id(), "45000", str(message), pos(), "SIGNAL SQLSTATE '45000'"));
        }

        Stmt ifThen(Expr condition, Runnable then) {
            return ifThenElse(condition, then, () -> { });
        }

        Stmt ifThenElse(Expr condition, Runnable then, Runnable otherwise) {
            int id = id();
            SourcePos pos = pos();
            Block thenBlock = nested(then);
            Block elseBlock = nested(otherwise);
            return add(new Stmt.If(id, List.of(new Stmt.Branch(condition, thenBlock)), elseBlock, pos, "IF ..."));
        }

        Stmt whileDo(Expr condition, Runnable body) {
            int id = id();
            SourcePos pos = pos();
            return add(new Stmt.While(id, condition, nested(body), pos, "WHILE ..."));
        }

        Stmt forEach(Query q, List<Variable> rowVariables, Runnable body) {
            int id = id();
            SourcePos pos = pos();
            return add(new Stmt.ForEach(id, q, rowVariables, nested(body), pos, "FOR SELECT ..."));
        }

        private Block nested(Runnable body) {
            blocks.push(new ArrayList<>());
            body.run();
            return new Block(List.copyOf(blocks.pop()));
        }

        Procedure build(int id) {
            return new Procedure(id, name, List.copyOf(params), List.copyOf(locals), List.of(),
                    new Block(List.copyOf(blocks.peek())), true, 0, at(1), "CREATE PROCEDURE " + name);
        }
    }

    static Object[] args(Object... values) {
        return Arrays.copyOf(values, values.length);
    }
}
