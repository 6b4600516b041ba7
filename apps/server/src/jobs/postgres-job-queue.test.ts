import { createQueueJobRepository } from '../repositories/queue-job.repository';
import { describeEachDatabase } from '../test/databases';
import { jobQueueContract } from './job-queue.contract';
import { PostgresJobQueue } from './postgres-job-queue';

describeEachDatabase('PostgresJobQueue passes the queue contract', (t) => {
  jobQueueContract((store) =>
    Promise.resolve(
      new PostgresJobQueue({
        repository: createQueueJobRepository(t.db),
        queue: store,
        leaseMs: 1_000,
        pollMs: 50,
      }),
    ),
  );
});
