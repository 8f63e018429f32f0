/**
 * The server `npm run bench:server` measures: `npm start`'s own server (functions/src/local-server.ts,
 * bundled and run as `npm start` runs it) with the bench's seeded deals, so that its clients can
 * replicate every game and make a move with one POST. Prints its URL, then answers `usage` over IPC
 * with its own process.cpuUsage(), memory and LevelDB writes (synced or not).
 *   DATA_DIR (required), PORT (0), DURABILITY (synced; relaxed), read as `npm start` reads it
 */
import { parseDurability, probeLevelWrites } from '@chickenfoot/store/embedded';
import { startLocalServer } from '../../functions/src/local-server';
import { benchShuffle } from './api-bots';
import { answerUsage } from './usage';

const levelWrites = probeLevelWrites();
const server = await startLocalServer({
  durability: parseDurability(process.env.DURABILITY),
  dataDir: process.env.DATA_DIR ?? '',
  port: Number(process.env.PORT ?? 0),
  host: '127.0.0.1',
  app: {
    shuffle: benchShuffle,
    // Bots move far faster than people: lift the per-client limits for the measurement.
    limits: { perPlayer: { burst: 1e9, perSecond: 1e9 }, registrations: { burst: 1e9, perSecond: 1e9 } },
  },
});
answerUsage(levelWrites.counts);
console.log(`listening ${server.url}`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
