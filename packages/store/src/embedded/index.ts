/**
 * An in-process DynamoDB (dynalite) for local runs and tests: in memory, or on disk in a data folder
 * (synced before it answers, unless told otherwise: see durability.ts). The functions/ entry points
 * and test suites import this; the Lambda never does.
 */
export { startEmbeddedDynamo, type EmbeddedDynamo, type EmbeddedDynamoOptions } from './start';
export { inProcessClient } from './in-process';
export { DURABILITIES, parseDurability, type Durability } from './durability';
export { probeLevelWrites, type LevelWrite, type LevelWriteProbe } from './write-probe';
