import type { Metric, Registry } from "prom-client";

/** A sample as prom-client's registry reads it: a histogram's samples name their line (`_bucket`, `_sum`, `_count`). */
interface Sample {
  metricName: string;
  labels: Readonly<Record<string, string | number>>;
  value: number;
}

interface Series<L extends string> {
  labels: Readonly<Record<L, string>>;
  /** Observations per bucket, not cumulative; the last is above every bound (+Inf). */
  counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * The request-duration histogram, the one metric every request writes. prom-client's `Histogram.observe`
 * checks the label names, builds the series' key from the labels and finds the bucket by its bound's text on
 * each call: about 2 µs of a request in process, most of what the metrics cost a cached page (docs/benchmarks.md,
 * "Metrics on and off"). Here the caller names the series by a key it already holds (its labels joined), found
 * with one Map lookup; the labels are made once, when a series is new. The registry still serves it
 * (`registerMetric`) in Prometheus's text format, with cumulative buckets, `_sum` and `_count` as
 * prom-client's own histogram has them.
 */
export class RequestHistogram<L extends string> {
  readonly name: string;
  readonly help: string;
  readonly type = "histogram" as const;
  readonly aggregator = "sum" as const;
  readonly #bounds: readonly number[];
  readonly #series = new Map<string, Series<L>>();

  constructor(config: { name: string; help: string; buckets: readonly number[]; registers: Registry[] }) {
    this.name = config.name;
    this.help = config.help;
    this.#bounds = [...config.buckets].sort((a, b) => a - b);
    for (const registry of config.registers) registry.registerMetric(this as unknown as Metric);
  }

  /** One observation of `seconds` in the series `key`, whose labels `labels()` gives when it is new. */
  observe(key: string, labels: () => Readonly<Record<L, string>>, seconds: number) {
    let series = this.#series.get(key);
    if (series === undefined) {
      series = { labels: labels(), counts: new Float64Array(this.#bounds.length + 1), sum: 0, count: 0 };
      this.#series.set(key, series);
    }
    const bounds = this.#bounds;
    let i = 0;
    while (i < bounds.length && seconds > bounds[i]!) i++;
    series.counts[i]!++;
    series.sum += seconds;
    series.count++;
  }

  /** Forgets every series (the registry's resetMetrics). */
  reset() {
    this.#series.clear();
  }

  /** The series as prom-client's registry reads a histogram. */
  async get(): Promise<{ name: string; help: string; type: "histogram"; aggregator: "sum"; values: Sample[] }> {
    const values: Sample[] = [];
    for (const { labels, counts, sum, count } of this.#series.values()) {
      let below = 0;
      this.#bounds.forEach((le, i) => {
        below += counts[i]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { le, ...labels }, value: below });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { le: "+Inf", ...labels }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}
