package org.pimsql.bench.tpcc;

/** The input of one Stock-Level (clause 2.8.1): the terminal's district and a threshold in 10..20. */
public record StockLevelInput(int warehouseId, int districtId, int threshold) {}
