/** The pool's worker thread (runners.ts): serves the pipeline's task table. */
import { serveTasks } from '../parallel/worker';
import { tasks } from './tasks';

serveTasks(tasks);
