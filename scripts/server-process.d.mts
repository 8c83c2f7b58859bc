// Types of scripts/server-process.mjs, for the test that checks the deploy recipe against it.
export declare const SERVER_ENV: Readonly<Record<string, string>>;
export declare const SERVER_NODE_ARGS: readonly string[];
