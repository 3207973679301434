/**
 * The two places where the store's own code meets tracing, without importing OpenTelemetry: each does
 * nothing until tracing.ts (loaded only when tracing is on) fills it in.
 */

type InProcessCall = <T>(call: () => Promise<T>) => Promise<T>;

const hooks: { inProcess: InProcessCall; flush: () => Promise<void>; active: boolean } = {
  inProcess: (call) => call(),
  flush: async () => {},
  active: false,
};

/**
 * Runs a page's in-process API call (app.inject): with tracing on, the API request becomes a child span of
 * the page's, without taking over the page's HTTP span (its route and its name stay the page's).
 */
export const inProcessCall: InProcessCall = (call) => hooks.inProcess(call);

/** Sends the spans still waiting in the batch; the process calls it before it exits. */
export const flushTraces = () => hooks.flush();

/** Whether the tracing preload ran and started the SDK in this process. */
export const tracingActive = () => hooks.active;

/** Called by tracing.ts once the SDK is started. */
export function installTracingHooks(installed: { inProcess: InProcessCall; flush: () => Promise<void> }) {
  Object.assign(hooks, installed, { active: true });
}
