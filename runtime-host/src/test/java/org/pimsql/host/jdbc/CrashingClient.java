package org.pimsql.host.jdbc;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;

/**
 * The child process of {@link KillRecoveryTest}: creates the fake bank in a {@code file:} database and
 * deposits 1 into account 7 forever, printing "ACK balance" after each call returns. It never exits by
 * itself: the test kills it.
 */
public final class CrashingClient {
    private CrashingClient() {}

    public static void main(String[] args) throws Exception {
        try (Connection c = DriverManager.getConnection(args[0]); Statement s = c.createStatement()) {
            s.execute("CREATE BANK");
            CallableStatement deposit = c.prepareCall("{call DEPOSIT(7, 1, ?)}");
            while (true) {
                deposit.execute();
                System.out.println("ACK " + deposit.getLong(1));
                System.out.flush();
            }
        }
    }
}
