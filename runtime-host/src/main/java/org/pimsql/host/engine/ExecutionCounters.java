package org.pimsql.host.engine;

/**
 * The executor's running totals ({@link ExecutionStats}): written by the executor thread only, read by any thread
 * as an immutable snapshot.
 */
final class ExecutionCounters {
    private volatile ExecutionStats stats = new ExecutionStats(0, 0, 0, 0);

    ExecutionStats snapshot() {
        return stats;
    }

    /** One launch round: its kernel loads and the bytes it pushed and pulled. */
    void launch(int launches, int loads, long pushed, long pulled) {
        ExecutionStats s = stats;
        stats = new ExecutionStats(s.launches() + launches, s.kernelLoads() + loads, s.bytesPushed() + pushed,
                s.bytesPulled() + pulled, s.dpuCalls(), s.waves(), s.epochs(), s.exchangeCalls(),
                s.maxEpochLaunches(), s.maxChainDepth(), s.epochsOverBound(), s.maxOwnChain(), s.programInstructions());
    }

    /** The calls sent to DPUs in one launch round and the conflict waves they ran in. */
    void waves(long calls, long waves) {
        ExecutionStats s = stats;
        stats = new ExecutionStats(s.launches(), s.kernelLoads(), s.bytesPushed(), s.bytesPulled(),
                s.dpuCalls() + calls, s.waves() + waves, s.epochs(), s.exchangeCalls(), s.maxEpochLaunches(),
                s.maxChainDepth(), s.epochsOverBound(), s.maxOwnChain(), s.programInstructions());
    }

    /** One epoch done: its launches, exchange calls, deepest chains and whether it needed more launches than them. */
    void epoch(int launches, int exchangeCalls, int chain, int ownChain, boolean overBound) {
        ExecutionStats s = stats;
        stats = new ExecutionStats(s.launches(), s.kernelLoads(), s.bytesPushed(), s.bytesPulled(), s.dpuCalls(),
                s.waves(), s.epochs() + 1, s.exchangeCalls() + exchangeCalls, Math.max(s.maxEpochLaunches(), launches),
                Math.max(s.maxChainDepth(), chain), s.epochsOverBound() + (overBound ? 1 : 0),
                Math.max(s.maxOwnChain(), ownChain), s.programInstructions());
    }

    /** Program instructions the kernel counted for the calls of a launch round (native simulator builds only). */
    void programInstructions(long n) {
        ExecutionStats s = stats;
        stats = new ExecutionStats(s.launches(), s.kernelLoads(), s.bytesPushed(), s.bytesPulled(), s.dpuCalls(),
                s.waves(), s.epochs(), s.exchangeCalls(), s.maxEpochLaunches(), s.maxChainDepth(), s.epochsOverBound(),
                s.maxOwnChain(), s.programInstructions() + n);
    }
}
