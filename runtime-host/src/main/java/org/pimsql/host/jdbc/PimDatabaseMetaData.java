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

    // ---- what ad-hoc queries, identifiers and transactions support (true values, for tools such as sqlline,
    // DBeaver and connection pools, which ask before they act) ----

    @Override
    public boolean allTablesAreSelectable() {
        return true;
    }

    @Override
    public boolean supportsColumnAliasing() {
        return true;
    }

    @Override
    public boolean supportsCorrelatedSubqueries() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInComparisons() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInExists() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInIns() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInQuantifieds() {
        return true;
    }

    @Override
    public boolean supportsExpressionsInOrderBy() {
        return true;
    }

    @Override
    public boolean supportsOrderByUnrelated() {
        return true;
    }

    @Override
    public boolean supportsGroupBy() {
        return true;
    }

    @Override
    public boolean supportsGroupByUnrelated() {
        return true;
    }

    @Override
    public boolean supportsGroupByBeyondSelect() {
        return true;
    }

    @Override
    public boolean supportsLikeEscapeClause() {
        return true;
    }

    @Override
    public boolean supportsOuterJoins() {
        return true;
    }

    @Override
    public boolean supportsFullOuterJoins() {
        return true;
    }

    @Override
    public boolean supportsLimitedOuterJoins() {
        return true;
    }

    @Override
    public boolean supportsUnion() {
        return true;
    }

    @Override
    public boolean supportsUnionAll() {
        return true;
    }

    @Override
    public boolean supportsTableCorrelationNames() {
        return true;
    }

    @Override
    public boolean supportsDifferentTableCorrelationNames() {
        return false;
    }

    @Override
    public boolean supportsMinimumSQLGrammar() {
        return true;
    }

    @Override
    public boolean supportsCoreSQLGrammar() {
        return false;
    }

    @Override
    public boolean supportsExtendedSQLGrammar() {
        return false;
    }

    @Override
    public boolean supportsANSI92EntryLevelSQL() {
        return true;
    }

    @Override
    public boolean supportsANSI92IntermediateSQL() {
        return false;
    }

    @Override
    public boolean supportsANSI92FullSQL() {
        return false;
    }

    @Override
    public boolean supportsIntegrityEnhancementFacility() {
        return false;
    }

    @Override
    public boolean supportsNonNullableColumns() {
        return true;
    }

    @Override
    public boolean nullPlusNonNullIsNull() {
        return true;
    }

    @Override
    public boolean supportsConvert() {
        return false;
    }

    /** NULLs come first whatever the direction, in ad-hoc queries and in procedures' ORDER BY (as in HSQLDB). */
    @Override
    public boolean nullsAreSortedHigh() {
        return false;
    }

    @Override
    public boolean nullsAreSortedLow() {
        return false;
    }

    @Override
    public boolean nullsAreSortedAtStart() {
        return true;
    }

    @Override
    public boolean nullsAreSortedAtEnd() {
        return false;
    }

    @Override
    public boolean supportsMixedCaseIdentifiers() {
        return false;
    }

    @Override
    public boolean storesLowerCaseIdentifiers() {
        return false;
    }

    @Override
    public boolean storesMixedCaseIdentifiers() {
        return false;
    }

    @Override
    public boolean supportsMixedCaseQuotedIdentifiers() {
        return true;
    }

    @Override
    public boolean storesMixedCaseQuotedIdentifiers() {
        return true;
    }

    @Override
    public boolean storesUpperCaseQuotedIdentifiers() {
        return false;
    }

    @Override
    public boolean storesLowerCaseQuotedIdentifiers() {
        return false;
    }

    @Override
    public boolean isCatalogAtStart() {
        return true;
    }

    @Override
    public boolean supportsCatalogsInDataManipulation() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInIndexDefinitions() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInPrivilegeDefinitions() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInProcedureCalls() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInTableDefinitions() {
        return false;
    }

    @Override
    public boolean supportsSchemasInIndexDefinitions() {
        return false;
    }

    @Override
    public boolean supportsSchemasInPrivilegeDefinitions() {
        return false;
    }

    @Override
    public boolean supportsSchemasInProcedureCalls() {
        return false;
    }

    @Override
    public boolean supportsMultipleTransactions() {
        return true;
    }

    @Override
    public boolean dataDefinitionCausesTransactionCommit() {
        return true;
    }

    @Override
    public boolean dataDefinitionIgnoredInTransactions() {
        return false;
    }

    @Override
    public boolean supportsDataDefinitionAndDataManipulationTransactions() {
        return false;
    }

    @Override
    public boolean supportsDataManipulationTransactionsOnly() {
        return true;
    }

    @Override
    public boolean supportsOpenCursorsAcrossCommit() {
        return true;
    }

    @Override
    public boolean supportsOpenCursorsAcrossRollback() {
        return true;
    }

    @Override
    public boolean supportsOpenStatementsAcrossCommit() {
        return true;
    }

    @Override
    public boolean supportsOpenStatementsAcrossRollback() {
        return true;
    }

    @Override
    public boolean supportsAlterTableWithAddColumn() {
        return false;
    }

    @Override
    public boolean supportsAlterTableWithDropColumn() {
        return false;
    }

    @Override
    public boolean supportsPositionedDelete() {
        return false;
    }

    @Override
    public boolean supportsPositionedUpdate() {
        return false;
    }

    @Override
    public boolean supportsSelectForUpdate() {
        return false;
    }

    @Override
    public boolean supportsStatementPooling() {
        return false;
    }

    @Override
    public boolean generatedKeyAlwaysReturned() {
        return false;
    }

    @Override
    public boolean locatorsUpdateCopy() {
        return false;
    }

    @Override
    public boolean doesMaxRowSizeIncludeBlobs() {
        return false;
    }

    @Override
    public boolean usesLocalFilePerTable() {
        return false;
    }

    @Override
    public boolean supportsConvert(int fromType, int toType) {
        return false;
    }

    /** Result sets are materialized, forward-only and read-only: no change to them is visible or detected. */

    @Override
    public boolean deletesAreDetected(int type) {
        return false;
    }

    @Override
    public boolean insertsAreDetected(int type) {
        return false;
    }

    @Override
    public boolean updatesAreDetected(int type) {
        return false;
    }

    @Override
    public boolean othersDeletesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersInsertsAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersUpdatesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean ownDeletesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean ownInsertsAreVisible(int type) {
        return false;
    }

    @Override
    public boolean ownUpdatesAreVisible(int type) {
        return false;
    }

    // 0: no limit PimSQL knows of (JDBC's "unknown or no limit")

    @Override
    public int getMaxBinaryLiteralLength() {
        return 0;
    }

    @Override
    public int getMaxCatalogNameLength() {
        return 0;
    }

    @Override
    public int getMaxCharLiteralLength() {
        return 0;
    }

    @Override
    public int getMaxColumnNameLength() {
        return 0;
    }

    @Override
    public int getMaxColumnsInGroupBy() {
        return 0;
    }

    @Override
    public int getMaxColumnsInIndex() {
        return 0;
    }

    @Override
    public int getMaxColumnsInOrderBy() {
        return 0;
    }

    @Override
    public int getMaxColumnsInSelect() {
        return 0;
    }

    @Override
    public int getMaxColumnsInTable() {
        return 0;
    }

    @Override
    public int getMaxConnections() {
        return 0;
    }

    @Override
    public int getMaxCursorNameLength() {
        return 0;
    }

    @Override
    public int getMaxIndexLength() {
        return 0;
    }

    @Override
    public int getMaxProcedureNameLength() {
        return 0;
    }

    @Override
    public int getMaxRowSize() {
        return 0;
    }

    @Override
    public int getMaxSchemaNameLength() {
        return 0;
    }

    @Override
    public int getMaxStatementLength() {
        return 0;
    }

    @Override
    public int getMaxStatements() {
        return 0;
    }

    @Override
    public int getMaxTableNameLength() {
        return 0;
    }

    @Override
    public int getMaxTablesInSelect() {
        return 0;
    }

    @Override
    public int getMaxUserNameLength() {
        return 0;
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }

    /** No catalogs, so no separator: "" as JDBC asks of a database without catalogs. */
    @Override
    public String getCatalogSeparator() {
        return "";
    }

    /** Unquoted names are letters, digits and underscores only. */
    @Override
    public String getExtraNameCharacters() {
        return "";
    }

    @Override
    public int getSQLStateType() {
        return sqlStateSQL;
    }

    /** Words PimSQL reserves beyond SQL:2003: LIMIT (queries) and PARTITION TABLE's PARTITION (DDL). */
    @Override
    public String getSQLKeywords() {
        return "LIMIT";
    }

    // the JDBC escape functions ({fn ...}) of ad-hoc queries are Calcite's
    @Override
    public String getNumericFunctions() {
        return org.apache.calcite.sql.SqlJdbcFunctionCall.getNumericFunctions();
    }

    @Override
    public String getStringFunctions() {
        return org.apache.calcite.sql.SqlJdbcFunctionCall.getStringFunctions();
    }

    @Override
    public String getTimeDateFunctions() {
        return org.apache.calcite.sql.SqlJdbcFunctionCall.getTimeDateFunctions();
    }

    @Override
    public String getSystemFunctions() {
        return org.apache.calcite.sql.SqlJdbcFunctionCall.getSystemFunctions();
    }

    @Override
    public ResultSet getTypeInfo() {
        return result(CatalogMetaData.typeInfo());
    }

    @Override
    public ResultSet getBestRowIdentifier(String catalog, String schema, String table, int scope, boolean nullable)
            throws SQLException {
        return result(CatalogMetaData.bestRowIdentifier(catalog(), catalog, schema, table));
    }

    // ---- what PimSQL has none of: the standard columns, no rows ----

    private static final String[] KEY_COLUMNS = {"PKTABLE_CAT:t", "PKTABLE_SCHEM:t", "PKTABLE_NAME:t", "PKCOLUMN_NAME:t",
        "FKTABLE_CAT:t", "FKTABLE_SCHEM:t", "FKTABLE_NAME:t", "FKCOLUMN_NAME:t", "KEY_SEQ:s", "UPDATE_RULE:s",
        "DELETE_RULE:s", "FK_NAME:t", "PK_NAME:t", "DEFERRABILITY:s"};

    @Override
    public ResultSet getImportedKeys(String catalog, String schema, String table) {
        return result(CatalogMetaData.empty(KEY_COLUMNS));
    }

    @Override
    public ResultSet getExportedKeys(String catalog, String schema, String table) {
        return result(CatalogMetaData.empty(KEY_COLUMNS));
    }

    @Override
    public ResultSet getCrossReference(String parentCatalog, String parentSchema, String parentTable,
                                       String foreignCatalog, String foreignSchema, String foreignTable) {
        return result(CatalogMetaData.empty(KEY_COLUMNS));
    }

    @Override
    public ResultSet getVersionColumns(String catalog, String schema, String table) {
        return result(CatalogMetaData.empty("SCOPE:s", "COLUMN_NAME:t", "DATA_TYPE:i", "TYPE_NAME:t", "COLUMN_SIZE:i",
                "BUFFER_LENGTH:i", "DECIMAL_DIGITS:s", "PSEUDO_COLUMN:s"));
    }

    @Override
    public ResultSet getTablePrivileges(String catalog, String schemaPattern, String tablePattern) {
        return result(CatalogMetaData.empty("TABLE_CAT:t", "TABLE_SCHEM:t", "TABLE_NAME:t", "GRANTOR:t", "GRANTEE:t",
                "PRIVILEGE:t", "IS_GRANTABLE:t"));
    }

    @Override
    public ResultSet getColumnPrivileges(String catalog, String schema, String table, String columnPattern) {
        return result(CatalogMetaData.empty("TABLE_CAT:t", "TABLE_SCHEM:t", "TABLE_NAME:t", "COLUMN_NAME:t",
                "GRANTOR:t", "GRANTEE:t", "PRIVILEGE:t", "IS_GRANTABLE:t"));
    }

    @Override
    public ResultSet getUDTs(String catalog, String schemaPattern, String typeNamePattern, int[] types) {
        return result(CatalogMetaData.empty("TYPE_CAT:t", "TYPE_SCHEM:t", "TYPE_NAME:t", "CLASS_NAME:t", "DATA_TYPE:i",
                "REMARKS:t", "BASE_TYPE:s"));
    }

    @Override
    public ResultSet getSuperTypes(String catalog, String schemaPattern, String typeNamePattern) {
        return result(CatalogMetaData.empty("TYPE_CAT:t", "TYPE_SCHEM:t", "TYPE_NAME:t", "SUPERTYPE_CAT:t",
                "SUPERTYPE_SCHEM:t", "SUPERTYPE_NAME:t"));
    }

    @Override
    public ResultSet getSuperTables(String catalog, String schemaPattern, String tableNamePattern) {
        return result(CatalogMetaData.empty("TABLE_CAT:t", "TABLE_SCHEM:t", "TABLE_NAME:t", "SUPERTABLE_NAME:t"));
    }

    @Override
    public ResultSet getAttributes(String catalog, String schemaPattern, String typeNamePattern,
                                   String attributeNamePattern) {
        return result(CatalogMetaData.empty("TYPE_CAT:t", "TYPE_SCHEM:t", "TYPE_NAME:t", "ATTR_NAME:t", "DATA_TYPE:i",
                "ATTR_TYPE_NAME:t", "ATTR_SIZE:i", "DECIMAL_DIGITS:i", "NUM_PREC_RADIX:i", "NULLABLE:i", "REMARKS:t",
                "ATTR_DEF:t", "SQL_DATA_TYPE:i", "SQL_DATETIME_SUB:i", "CHAR_OCTET_LENGTH:i", "ORDINAL_POSITION:i",
                "IS_NULLABLE:t", "SCOPE_CATALOG:t", "SCOPE_SCHEMA:t", "SCOPE_TABLE:t", "SOURCE_DATA_TYPE:s"));
    }

    @Override
    public ResultSet getClientInfoProperties() {
        return result(CatalogMetaData.empty("NAME:t", "MAX_LEN:i", "DEFAULT_VALUE:t", "DESCRIPTION:t"));
    }

    /** PimSQL has procedures, no user-defined functions. */
    @Override
    public ResultSet getFunctions(String catalog, String schemaPattern, String functionNamePattern) {
        return result(CatalogMetaData.empty("FUNCTION_CAT:t", "FUNCTION_SCHEM:t", "FUNCTION_NAME:t", "REMARKS:t",
                "FUNCTION_TYPE:s", "SPECIFIC_NAME:t"));
    }

    @Override
    public ResultSet getFunctionColumns(String catalog, String schemaPattern, String functionNamePattern,
                                        String columnNamePattern) {
        return result(CatalogMetaData.empty("FUNCTION_CAT:t", "FUNCTION_SCHEM:t", "FUNCTION_NAME:t", "COLUMN_NAME:t",
                "COLUMN_TYPE:s", "DATA_TYPE:i", "TYPE_NAME:t", "PRECISION:i", "LENGTH:i", "SCALE:s", "RADIX:s",
                "NULLABLE:s", "REMARKS:t", "CHAR_OCTET_LENGTH:i", "ORDINAL_POSITION:i", "IS_NULLABLE:t",
                "SPECIFIC_NAME:t"));
    }

    @Override
    public ResultSet getPseudoColumns(String catalog, String schemaPattern, String tableNamePattern,
                                      String columnNamePattern) {
        return result(CatalogMetaData.empty("TABLE_CAT:t", "TABLE_SCHEM:t", "TABLE_NAME:t", "COLUMN_NAME:t",
                "DATA_TYPE:i", "COLUMN_SIZE:i", "DECIMAL_DIGITS:i", "NUM_PREC_RADIX:i", "COLUMN_USAGE:t", "REMARKS:t",
                "CHAR_OCTET_LENGTH:i", "IS_NULLABLE:t"));
    }
}
