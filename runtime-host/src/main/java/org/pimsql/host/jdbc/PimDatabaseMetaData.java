package org.pimsql.host.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;
import java.sql.SQLException;

/**
 * What a tool needs to identify the database and its transaction model, and the catalog (tables, columns,
 * keys, indexes, procedures) as standard metadata result sets ({@link CatalogMetaData}).
 */
final class PimDatabaseMetaData extends DatabaseMetaDataBase {
    private final PimConnection connection;
    private final String url;

    PimDatabaseMetaData(PimConnection connection, String url) {
        this.connection = connection;
        this.url = url;
    }

    @Override
    public Connection getConnection() {
        return connection;
    }

    @Override
    public String getURL() {
        return url;
    }

    @Override
    public String getUserName() {
        return "";
    }

    @Override
    public String getDatabaseProductName() {
        return DriverVersion.PRODUCT;
    }

    @Override
    public String getDatabaseProductVersion() {
        return DriverVersion.TEXT;
    }

    @Override
    public int getDatabaseMajorVersion() {
        return DriverVersion.MAJOR;
    }

    @Override
    public int getDatabaseMinorVersion() {
        return DriverVersion.MINOR;
    }

    @Override
    public String getDriverName() {
        return DriverVersion.DRIVER;
    }

    @Override
    public String getDriverVersion() {
        return DriverVersion.TEXT;
    }

    @Override
    public int getDriverMajorVersion() {
        return DriverVersion.MAJOR;
    }

    @Override
    public int getDriverMinorVersion() {
        return DriverVersion.MINOR;
    }

    @Override
    public int getJDBCMajorVersion() {
        return 4;
    }

    @Override
    public int getJDBCMinorVersion() {
        return 3;
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        return connection.isReadOnly();
    }

    @Override
    public boolean supportsTransactions() {
        return true;
    }

    @Override
    public int getDefaultTransactionIsolation() {
        return Connection.TRANSACTION_SERIALIZABLE;
    }

    @Override
    public boolean supportsTransactionIsolationLevel(int level) {
        return level == Connection.TRANSACTION_SERIALIZABLE;
    }

    @Override
    public boolean supportsStoredProcedures() {
        return true;
    }

    @Override
    public boolean allProceduresAreCallable() {
        return true;
    }

    @Override
    public boolean supportsBatchUpdates() {
        return true;
    }

    @Override
    public boolean supportsMultipleResultSets() {
        return true;
    }

    @Override
    public boolean supportsMultipleOpenResults() {
        return true;
    }

    @Override
    public boolean supportsNamedParameters() {
        return false;
    }

    @Override
    public boolean supportsResultSetType(int type) {
        return type == ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public boolean supportsResultSetConcurrency(int type, int concurrency) {
        return type == ResultSet.TYPE_FORWARD_ONLY && concurrency == ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public boolean supportsResultSetHoldability(int holdability) {
        return holdability == ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public int getResultSetHoldability() {
        return ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public String getIdentifierQuoteString() {
        return "\"";
    }

    @Override
    public boolean storesUpperCaseIdentifiers() {
        return true;
    }

    @Override
    public boolean supportsGetGeneratedKeys() {
        return false;
    }

    @Override
    public boolean supportsSavepoints() {
        return false;
    }

    @Override
    public boolean autoCommitFailureClosesAllResultSets() {
        return false;
    }

    @Override
    public boolean supportsStoredFunctionsUsingCallSyntax() {
        return false;
    }

    @Override
    public boolean usesLocalFiles() {
        return url.startsWith(JdbcUrl.PREFIX + "file:");
    }

    @Override
    public RowIdLifetime getRowIdLifetime() {
        return RowIdLifetime.ROWID_UNSUPPORTED;
    }

    private java.sql.ResultSet result(org.pimsql.host.query.QueryResult r) {
        return new PimResultSet(null, r, 0);
    }

    private org.pimsql.frontend.catalog.Catalog catalog() throws SQLException {
        return connection.engine().catalog();
    }

    @Override
    public ResultSet getTables(String catalog, String schemaPattern, String tablePattern, String[] types)
            throws SQLException {
        return result(CatalogMetaData.tables(catalog(), catalog, schemaPattern, tablePattern, types));
    }

    @Override
    public ResultSet getTableTypes() {
        return result(CatalogMetaData.tableTypes());
    }

    @Override
    public ResultSet getSchemas() {
        return result(CatalogMetaData.schemas(null, null));
    }

    @Override
    public ResultSet getSchemas(String catalog, String schemaPattern) {
        return result(CatalogMetaData.schemas(catalog, schemaPattern));
    }

    @Override
    public ResultSet getCatalogs() {
        return result(CatalogMetaData.catalogs());
    }

    @Override
    public ResultSet getColumns(String catalog, String schemaPattern, String tablePattern, String columnPattern)
            throws SQLException {
        return result(CatalogMetaData.columns(catalog(), catalog, schemaPattern, tablePattern, columnPattern));
    }

    @Override
    public ResultSet getPrimaryKeys(String catalog, String schema, String table) throws SQLException {
        return result(CatalogMetaData.primaryKeys(catalog(), catalog, schema, table));
    }

    @Override
    public ResultSet getIndexInfo(String catalog, String schema, String table, boolean unique, boolean approximate)
            throws SQLException {
        return result(CatalogMetaData.indexInfo(catalog(), catalog, schema, table, unique));
    }

    @Override
    public ResultSet getProcedures(String catalog, String schemaPattern, String procedurePattern) throws SQLException {
        return result(CatalogMetaData.procedures(catalog(), catalog, schemaPattern, procedurePattern));
    }

    @Override
    public ResultSet getProcedureColumns(String catalog, String schemaPattern, String procedurePattern,
                                         String columnPattern) throws SQLException {
        return result(CatalogMetaData.procedureColumns(catalog(), catalog, schemaPattern, procedurePattern,
                columnPattern));
    }

    @Override
    public String getSchemaTerm() {
        return "schema";
    }

    @Override
    public String getProcedureTerm() {
        return "procedure";
    }

    @Override
    public String getCatalogTerm() {
        return "catalog";
    }

    @Override
    public String getSearchStringEscape() {
        return "\\";
    }

    @Override
    public boolean supportsSchemasInDataManipulation() {
        return true;
    }

    @Override
    public boolean supportsSchemasInTableDefinitions() {
        return false;
    }
}
