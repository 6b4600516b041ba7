/** What a process may still be doing before it can serve: each is a 503 on /api/v1/health/ready. */
export type StartupTask = 'migrations' | 'embedding_model';

/** A task's state: never begun in this process, under way, done, or failed. */
export type StartupTaskState = 'not_used' | 'pending' | 'ok' | 'failed';

/**
 * The start-up work of this process (main.ts begins and ends each task). The readiness check
 * answers 503 while any is pending; other API routes answer 503 while the migrations run, since
 * the schema may not be there yet.
 */
export class StartupState {
  private readonly tasks = new Map<StartupTask, StartupTaskState>();

  begin(task: StartupTask): void {
    this.tasks.set(task, 'pending');
  }

  end(task: StartupTask): void {
    this.tasks.set(task, 'ok');
  }

  /** The task gave up (the process goes on; the embedding model is then loaded by the first job). */
  fail(task: StartupTask): void {
    this.tasks.set(task, 'failed');
  }

  state(task: StartupTask): StartupTaskState {
    return this.tasks.get(task) ?? 'not_used';
  }

  isPending(task: StartupTask): boolean {
    return this.state(task) === 'pending';
  }
}
