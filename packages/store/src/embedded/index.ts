/**
 * An in-process DynamoDB (dynalite) for local runs and tests: in memory, or on disk in a data folder.
 * The functions/ entry points and test suites import this; the Lambda never does.
 */
export { startEmbeddedDynamo, type EmbeddedDynamo, type EmbeddedDynamoOptions } from './start';
export { inProcessClient } from './in-process';
