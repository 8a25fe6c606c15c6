package org.pimsql.host.jdbc;

import java.sql.*;

/**
 * Every method of {@link DatabaseMetaData} that PimSQL's driver does not override throws
 * {@link SQLFeatureNotSupportedException} naming the method, so that an unsupported feature never
 * silently succeeds. Generated from the JDK's interface by reflection; subclasses override what
 * they support.
 */
@SuppressWarnings("unused")
abstract class DatabaseMetaDataBase implements DatabaseMetaData {

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException(getClass().getSimpleName() + " does not wrap " + iface.getName(), "HY000");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }

    @Override
    public boolean allProceduresAreCallable() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.allProceduresAreCallable()");
    }

    @Override
    public boolean allTablesAreSelectable() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.allTablesAreSelectable()");
    }

    @Override
    public boolean autoCommitFailureClosesAllResultSets() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.autoCommitFailureClosesAllResultSets()");
    }

    @Override
    public boolean dataDefinitionCausesTransactionCommit() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.dataDefinitionCausesTransactionCommit()");
    }

    @Override
    public boolean dataDefinitionIgnoredInTransactions() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.dataDefinitionIgnoredInTransactions()");
    }

    @Override
    public boolean deletesAreDetected(int arg0) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.deletesAreDetected(int)");
    }

    @Override
    public boolean doesMaxRowSizeIncludeBlobs() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.doesMaxRowSizeIncludeBlobs()");
    }

    @Override
    public boolean generatedKeyAlwaysReturned() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.generatedKeyAlwaysReturned()");
    }

    @Override
    public ResultSet getAttributes(String arg0, String arg1, String arg2, String arg3) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getAttributes(String, String, String, String)");
    }

    @Override
    public ResultSet getBestRowIdentifier(String arg0, String arg1, String arg2, int arg3, boolean arg4) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getBestRowIdentifier(String, String, String, int, boolean)");
    }

    @Override
    public String getCatalogSeparator() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getCatalogSeparator()");
    }

    @Override
    public String getCatalogTerm() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getCatalogTerm()");
    }

    @Override
    public ResultSet getCatalogs() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getCatalogs()");
    }

    @Override
    public ResultSet getClientInfoProperties() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getClientInfoProperties()");
    }

    @Override
    public ResultSet getColumnPrivileges(String arg0, String arg1, String arg2, String arg3) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getColumnPrivileges(String, String, String, String)");
    }

    @Override
    public ResultSet getColumns(String arg0, String arg1, String arg2, String arg3) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getColumns(String, String, String, String)");
    }

    @Override
    public Connection getConnection() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getConnection()");
    }

    @Override
    public ResultSet getCrossReference(String arg0, String arg1, String arg2, String arg3, String arg4, String arg5) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getCrossReference(String, String, String, String, String, String)");
    }

    @Override
    public int getDatabaseMajorVersion() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getDatabaseMajorVersion()");
    }

    @Override
    public int getDatabaseMinorVersion() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getDatabaseMinorVersion()");
    }

    @Override
    public String getDatabaseProductName() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getDatabaseProductName()");
    }

    @Override
    public String getDatabaseProductVersion() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getDatabaseProductVersion()");
    }

    @Override
    public int getDefaultTransactionIsolation() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getDefaultTransactionIsolation()");
    }

    @Override
    public int getDriverMajorVersion() {
        throw Unsupported.operation("DatabaseMetaData.getDriverMajorVersion()");
    }

    @Override
    public int getDriverMinorVersion() {
        throw Unsupported.operation("DatabaseMetaData.getDriverMinorVersion()");
    }

    @Override
    public String getDriverName() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getDriverName()");
    }

    @Override
    public String getDriverVersion() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getDriverVersion()");
    }

    @Override
    public ResultSet getExportedKeys(String arg0, String arg1, String arg2) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getExportedKeys(String, String, String)");
    }

    @Override
    public String getExtraNameCharacters() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getExtraNameCharacters()");
    }

    @Override
    public ResultSet getFunctionColumns(String arg0, String arg1, String arg2, String arg3) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getFunctionColumns(String, String, String, String)");
    }

    @Override
    public ResultSet getFunctions(String arg0, String arg1, String arg2) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getFunctions(String, String, String)");
    }

    @Override
    public String getIdentifierQuoteString() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getIdentifierQuoteString()");
    }

    @Override
    public ResultSet getImportedKeys(String arg0, String arg1, String arg2) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getImportedKeys(String, String, String)");
    }

    @Override
    public ResultSet getIndexInfo(String arg0, String arg1, String arg2, boolean arg3, boolean arg4) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getIndexInfo(String, String, String, boolean, boolean)");
    }

    @Override
    public int getJDBCMajorVersion() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getJDBCMajorVersion()");
    }

    @Override
    public int getJDBCMinorVersion() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getJDBCMinorVersion()");
    }

    @Override
    public int getMaxBinaryLiteralLength() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxBinaryLiteralLength()");
    }

    @Override
    public int getMaxCatalogNameLength() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxCatalogNameLength()");
    }

    @Override
    public int getMaxCharLiteralLength() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxCharLiteralLength()");
    }

    @Override
    public int getMaxColumnNameLength() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxColumnNameLength()");
    }

    @Override
    public int getMaxColumnsInGroupBy() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxColumnsInGroupBy()");
    }

    @Override
    public int getMaxColumnsInIndex() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxColumnsInIndex()");
    }

    @Override
    public int getMaxColumnsInOrderBy() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxColumnsInOrderBy()");
    }

    @Override
    public int getMaxColumnsInSelect() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxColumnsInSelect()");
    }

    @Override
    public int getMaxColumnsInTable() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxColumnsInTable()");
    }

    @Override
    public int getMaxConnections() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxConnections()");
    }

    @Override
    public int getMaxCursorNameLength() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxCursorNameLength()");
    }

    @Override
    public int getMaxIndexLength() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxIndexLength()");
    }

    @Override
    public int getMaxProcedureNameLength() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxProcedureNameLength()");
    }

    @Override
    public int getMaxRowSize() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxRowSize()");
    }

    @Override
    public int getMaxSchemaNameLength() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxSchemaNameLength()");
    }

    @Override
    public int getMaxStatementLength() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxStatementLength()");
    }

    @Override
    public int getMaxStatements() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxStatements()");
    }

    @Override
    public int getMaxTableNameLength() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxTableNameLength()");
    }

    @Override
    public int getMaxTablesInSelect() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxTablesInSelect()");
    }

    @Override
    public int getMaxUserNameLength() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getMaxUserNameLength()");
    }

    @Override
    public String getNumericFunctions() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getNumericFunctions()");
    }

    @Override
    public ResultSet getPrimaryKeys(String arg0, String arg1, String arg2) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getPrimaryKeys(String, String, String)");
    }

    @Override
    public ResultSet getProcedureColumns(String arg0, String arg1, String arg2, String arg3) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getProcedureColumns(String, String, String, String)");
    }

    @Override
    public String getProcedureTerm() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getProcedureTerm()");
    }

    @Override
    public ResultSet getProcedures(String arg0, String arg1, String arg2) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getProcedures(String, String, String)");
    }

    @Override
    public ResultSet getPseudoColumns(String arg0, String arg1, String arg2, String arg3) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getPseudoColumns(String, String, String, String)");
    }

    @Override
    public int getResultSetHoldability() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getResultSetHoldability()");
    }

    @Override
    public RowIdLifetime getRowIdLifetime() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getRowIdLifetime()");
    }

    @Override
    public String getSQLKeywords() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getSQLKeywords()");
    }

    @Override
    public int getSQLStateType() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getSQLStateType()");
    }

    @Override
    public String getSchemaTerm() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getSchemaTerm()");
    }

    @Override
    public ResultSet getSchemas() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getSchemas()");
    }

    @Override
    public ResultSet getSchemas(String arg0, String arg1) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getSchemas(String, String)");
    }

    @Override
    public String getSearchStringEscape() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getSearchStringEscape()");
    }

    @Override
    public String getStringFunctions() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getStringFunctions()");
    }

    @Override
    public ResultSet getSuperTables(String arg0, String arg1, String arg2) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getSuperTables(String, String, String)");
    }

    @Override
    public ResultSet getSuperTypes(String arg0, String arg1, String arg2) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getSuperTypes(String, String, String)");
    }

    @Override
    public String getSystemFunctions() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getSystemFunctions()");
    }

    @Override
    public ResultSet getTablePrivileges(String arg0, String arg1, String arg2) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getTablePrivileges(String, String, String)");
    }

    @Override
    public ResultSet getTableTypes() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getTableTypes()");
    }

    @Override
    public ResultSet getTables(String arg0, String arg1, String arg2, String[] arg3) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getTables(String, String, String, String[])");
    }

    @Override
    public String getTimeDateFunctions() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getTimeDateFunctions()");
    }

    @Override
    public ResultSet getTypeInfo() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getTypeInfo()");
    }

    @Override
    public ResultSet getUDTs(String arg0, String arg1, String arg2, int[] arg3) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getUDTs(String, String, String, int[])");
    }

    @Override
    public String getURL() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getURL()");
    }

    @Override
    public String getUserName() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getUserName()");
    }

    @Override
    public ResultSet getVersionColumns(String arg0, String arg1, String arg2) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.getVersionColumns(String, String, String)");
    }

    @Override
    public boolean insertsAreDetected(int arg0) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.insertsAreDetected(int)");
    }

    @Override
    public boolean isCatalogAtStart() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.isCatalogAtStart()");
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.isReadOnly()");
    }

    @Override
    public boolean locatorsUpdateCopy() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.locatorsUpdateCopy()");
    }

    @Override
    public boolean nullPlusNonNullIsNull() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.nullPlusNonNullIsNull()");
    }

    @Override
    public boolean nullsAreSortedAtEnd() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.nullsAreSortedAtEnd()");
    }

    @Override
    public boolean nullsAreSortedAtStart() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.nullsAreSortedAtStart()");
    }

    @Override
    public boolean nullsAreSortedHigh() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.nullsAreSortedHigh()");
    }

    @Override
    public boolean nullsAreSortedLow() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.nullsAreSortedLow()");
    }

    @Override
    public boolean othersDeletesAreVisible(int arg0) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.othersDeletesAreVisible(int)");
    }

    @Override
    public boolean othersInsertsAreVisible(int arg0) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.othersInsertsAreVisible(int)");
    }

    @Override
    public boolean othersUpdatesAreVisible(int arg0) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.othersUpdatesAreVisible(int)");
    }

    @Override
    public boolean ownDeletesAreVisible(int arg0) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.ownDeletesAreVisible(int)");
    }

    @Override
    public boolean ownInsertsAreVisible(int arg0) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.ownInsertsAreVisible(int)");
    }

    @Override
    public boolean ownUpdatesAreVisible(int arg0) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.ownUpdatesAreVisible(int)");
    }

    @Override
    public boolean storesLowerCaseIdentifiers() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.storesLowerCaseIdentifiers()");
    }

    @Override
    public boolean storesLowerCaseQuotedIdentifiers() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.storesLowerCaseQuotedIdentifiers()");
    }

    @Override
    public boolean storesMixedCaseIdentifiers() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.storesMixedCaseIdentifiers()");
    }

    @Override
    public boolean storesMixedCaseQuotedIdentifiers() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.storesMixedCaseQuotedIdentifiers()");
    }

    @Override
    public boolean storesUpperCaseIdentifiers() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.storesUpperCaseIdentifiers()");
    }

    @Override
    public boolean storesUpperCaseQuotedIdentifiers() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.storesUpperCaseQuotedIdentifiers()");
    }

    @Override
    public boolean supportsANSI92EntryLevelSQL() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsANSI92EntryLevelSQL()");
    }

    @Override
    public boolean supportsANSI92FullSQL() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsANSI92FullSQL()");
    }

    @Override
    public boolean supportsANSI92IntermediateSQL() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsANSI92IntermediateSQL()");
    }

    @Override
    public boolean supportsAlterTableWithAddColumn() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsAlterTableWithAddColumn()");
    }

    @Override
    public boolean supportsAlterTableWithDropColumn() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsAlterTableWithDropColumn()");
    }

    @Override
    public boolean supportsBatchUpdates() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsBatchUpdates()");
    }

    @Override
    public boolean supportsCatalogsInDataManipulation() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsCatalogsInDataManipulation()");
    }

    @Override
    public boolean supportsCatalogsInIndexDefinitions() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsCatalogsInIndexDefinitions()");
    }

    @Override
    public boolean supportsCatalogsInPrivilegeDefinitions() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsCatalogsInPrivilegeDefinitions()");
    }

    @Override
    public boolean supportsCatalogsInProcedureCalls() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsCatalogsInProcedureCalls()");
    }

    @Override
    public boolean supportsCatalogsInTableDefinitions() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsCatalogsInTableDefinitions()");
    }

    @Override
    public boolean supportsColumnAliasing() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsColumnAliasing()");
    }

    @Override
    public boolean supportsConvert() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsConvert()");
    }

    @Override
    public boolean supportsConvert(int arg0, int arg1) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsConvert(int, int)");
    }

    @Override
    public boolean supportsCoreSQLGrammar() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsCoreSQLGrammar()");
    }

    @Override
    public boolean supportsCorrelatedSubqueries() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsCorrelatedSubqueries()");
    }

    @Override
    public boolean supportsDataDefinitionAndDataManipulationTransactions() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsDataDefinitionAndDataManipulationTransactions()");
    }

    @Override
    public boolean supportsDataManipulationTransactionsOnly() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsDataManipulationTransactionsOnly()");
    }

    @Override
    public boolean supportsDifferentTableCorrelationNames() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsDifferentTableCorrelationNames()");
    }

    @Override
    public boolean supportsExpressionsInOrderBy() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsExpressionsInOrderBy()");
    }

    @Override
    public boolean supportsExtendedSQLGrammar() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsExtendedSQLGrammar()");
    }

    @Override
    public boolean supportsFullOuterJoins() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsFullOuterJoins()");
    }

    @Override
    public boolean supportsGetGeneratedKeys() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsGetGeneratedKeys()");
    }

    @Override
    public boolean supportsGroupBy() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsGroupBy()");
    }

    @Override
    public boolean supportsGroupByBeyondSelect() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsGroupByBeyondSelect()");
    }

    @Override
    public boolean supportsGroupByUnrelated() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsGroupByUnrelated()");
    }

    @Override
    public boolean supportsIntegrityEnhancementFacility() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsIntegrityEnhancementFacility()");
    }

    @Override
    public boolean supportsLikeEscapeClause() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsLikeEscapeClause()");
    }

    @Override
    public boolean supportsLimitedOuterJoins() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsLimitedOuterJoins()");
    }

    @Override
    public boolean supportsMinimumSQLGrammar() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsMinimumSQLGrammar()");
    }

    @Override
    public boolean supportsMixedCaseIdentifiers() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsMixedCaseIdentifiers()");
    }

    @Override
    public boolean supportsMixedCaseQuotedIdentifiers() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsMixedCaseQuotedIdentifiers()");
    }

    @Override
    public boolean supportsMultipleOpenResults() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsMultipleOpenResults()");
    }

    @Override
    public boolean supportsMultipleResultSets() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsMultipleResultSets()");
    }

    @Override
    public boolean supportsMultipleTransactions() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsMultipleTransactions()");
    }

    @Override
    public boolean supportsNamedParameters() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsNamedParameters()");
    }

    @Override
    public boolean supportsNonNullableColumns() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsNonNullableColumns()");
    }

    @Override
    public boolean supportsOpenCursorsAcrossCommit() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsOpenCursorsAcrossCommit()");
    }

    @Override
    public boolean supportsOpenCursorsAcrossRollback() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsOpenCursorsAcrossRollback()");
    }

    @Override
    public boolean supportsOpenStatementsAcrossCommit() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsOpenStatementsAcrossCommit()");
    }

    @Override
    public boolean supportsOpenStatementsAcrossRollback() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsOpenStatementsAcrossRollback()");
    }

    @Override
    public boolean supportsOrderByUnrelated() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsOrderByUnrelated()");
    }

    @Override
    public boolean supportsOuterJoins() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsOuterJoins()");
    }

    @Override
    public boolean supportsPositionedDelete() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsPositionedDelete()");
    }

    @Override
    public boolean supportsPositionedUpdate() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsPositionedUpdate()");
    }

    @Override
    public boolean supportsResultSetConcurrency(int arg0, int arg1) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsResultSetConcurrency(int, int)");
    }

    @Override
    public boolean supportsResultSetHoldability(int arg0) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsResultSetHoldability(int)");
    }

    @Override
    public boolean supportsResultSetType(int arg0) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsResultSetType(int)");
    }

    @Override
    public boolean supportsSavepoints() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsSavepoints()");
    }

    @Override
    public boolean supportsSchemasInDataManipulation() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsSchemasInDataManipulation()");
    }

    @Override
    public boolean supportsSchemasInIndexDefinitions() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsSchemasInIndexDefinitions()");
    }

    @Override
    public boolean supportsSchemasInPrivilegeDefinitions() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsSchemasInPrivilegeDefinitions()");
    }

    @Override
    public boolean supportsSchemasInProcedureCalls() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsSchemasInProcedureCalls()");
    }

    @Override
    public boolean supportsSchemasInTableDefinitions() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsSchemasInTableDefinitions()");
    }

    @Override
    public boolean supportsSelectForUpdate() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsSelectForUpdate()");
    }

    @Override
    public boolean supportsStatementPooling() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsStatementPooling()");
    }

    @Override
    public boolean supportsStoredFunctionsUsingCallSyntax() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsStoredFunctionsUsingCallSyntax()");
    }

    @Override
    public boolean supportsStoredProcedures() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsStoredProcedures()");
    }

    @Override
    public boolean supportsSubqueriesInComparisons() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsSubqueriesInComparisons()");
    }

    @Override
    public boolean supportsSubqueriesInExists() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsSubqueriesInExists()");
    }

    @Override
    public boolean supportsSubqueriesInIns() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsSubqueriesInIns()");
    }

    @Override
    public boolean supportsSubqueriesInQuantifieds() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsSubqueriesInQuantifieds()");
    }

    @Override
    public boolean supportsTableCorrelationNames() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsTableCorrelationNames()");
    }

    @Override
    public boolean supportsTransactionIsolationLevel(int arg0) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsTransactionIsolationLevel(int)");
    }

    @Override
    public boolean supportsTransactions() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsTransactions()");
    }

    @Override
    public boolean supportsUnion() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsUnion()");
    }

    @Override
    public boolean supportsUnionAll() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.supportsUnionAll()");
    }

    @Override
    public boolean updatesAreDetected(int arg0) throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.updatesAreDetected(int)");
    }

    @Override
    public boolean usesLocalFilePerTable() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.usesLocalFilePerTable()");
    }

    @Override
    public boolean usesLocalFiles() throws SQLException {
        throw Unsupported.feature("DatabaseMetaData.usesLocalFiles()");
    }
}
