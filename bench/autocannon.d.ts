// The part of autocannon 9's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  interface Percentiles {
    average: number;
    mean: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    headers?: Record<string, string>;
  }
  interface Result {
    duration: number;
    requests: Percentiles;
    latency: Percentiles;
    throughput: Percentiles;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
  }
  /** Without a callback: a thenable event emitter ("response" per completed request). */
  interface Instance extends PromiseLike<Result> {
    on(
      event: "response",
      listener: (
        client: unknown,
        statusCode: number,
        bytes: number,
        responseTimeMs: number,
      ) => void,
    ): Instance;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
