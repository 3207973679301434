import { Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { DURATION_BUCKETS } from "./metrics.ts";
import { RequestHistogram } from "./request-histogram.ts";

describe("the request histogram", () => {
  it("is served exactly as prom-client's own histogram of the same observations", async () => {
    const [theirs, ours] = [new Registry(), new Registry()];
    const config = { name: "store_http_request_duration_seconds", help: "Time to answer a request.", buckets: DURATION_BUCKETS };
    const reference = new Histogram({ ...config, labelNames: ["kind", "route", "status_class"], registers: [theirs] });
    const fast = new RequestHistogram<"kind" | "route" | "status_class">({ ...config, registers: [ours] });
    // On a bound, between bounds, above the last, for three series (one with a quote and a backslash in its route).
    const seen: [Record<"kind" | "route" | "status_class", string>, number][] = [
      [{ kind: "page", route: "/produto/:slug?", status_class: "2xx" }, 0.005],
      [{ kind: "page", route: "/produto/:slug?", status_class: "2xx" }, 0.0051],
      [{ kind: "page", route: "/produto/:slug?", status_class: "2xx" }, 42],
      [{ kind: "api", route: '/api/"x"\\y', status_class: "4xx" }, 0.3],
      [{ kind: "api", route: "/api/public/products", status_class: "2xx" }, 0],
    ];
    for (const [labels, seconds] of seen) {
      reference.observe(labels, seconds);
      fast.observe(`${labels.kind} ${labels.status_class} ${labels.route}`, () => labels, seconds);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    const lines = (await ours.metrics()).split("\n");
    expect(lines).toContain('store_http_request_duration_seconds_bucket{le="0.005",kind="page",route="/produto/:slug?",status_class="2xx"} 1');
    expect(lines).toContain('store_http_request_duration_seconds_bucket{le="+Inf",kind="page",route="/produto/:slug?",status_class="2xx"} 3');
    expect(lines).toContain('store_http_request_duration_seconds_count{kind="page",route="/produto/:slug?",status_class="2xx"} 3');
    ours.resetMetrics();
    expect(await ours.metrics()).not.toContain("_count{");
  });
});
