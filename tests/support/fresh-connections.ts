// Node's fetch keeps a connection open for the next request (4 s, counted in ticks that come
// late on a busy machine), and workerd, the local server, closes one after 5 s idle without
// announcing it. A request sent on a connection as workerd closes it is lost ("other side
// closed", "fetch failed"), where a browser would send it again. Seen on a busy machine
// between bursts of requests a few seconds apart. The suites and the benchmark that talk to the
// local server open a connection per request instead: nothing closes one under a request.
import { Agent, setGlobalDispatcher } from "undici";

setGlobalDispatcher(new Agent({ pipelining: 0 }));
