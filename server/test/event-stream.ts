/** A server-sent event stream read in the background by a test; every wait is on what arrives, bounded by 5 s. */
export interface EventStream {
  status: number;
  /** Resolves once the server has ended the stream. */
  ended(): Promise<void>;
  /** Resolves once the stream's text satisfies `test`. */
  until(test: (text: string) => boolean): Promise<void>;
  readonly text: string;
  /** The data of every event named `name` received so far, parsed. */
  events<T>(name: string): T[];
  close(): void;
}

export async function openEventStream(url: string, token: string): Promise<EventStream> {
  const ctrl = new AbortController();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: ctrl.signal });
  const decoder = new TextDecoder();
  let text = '';
  let done = false;
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const w of waiters) w();
  };
  void (async () => {
    const reader = res.body!.getReader();
    try {
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        text += decoder.decode(r.value, { stream: true });
        notify();
      }
    } catch {
      // aborted by the test
    }
    done = true;
    notify();
  })();
  const wait = (test: () => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const guard = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`stream: no ${what} within 5 s; got ${JSON.stringify(text.slice(-300))}`));
      }, 5000);
      const check = () => {
        if (!test()) return;
        clearTimeout(guard);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  return {
    status: res.status,
    ended: () => wait(() => done, 'end'),
    until: (test) => wait(() => test(text), 'match'),
    get text() {
      return text;
    },
    events: <T>(name: string) =>
      text
        .split('\n\n')
        .slice(0, -1)
        .filter((block) => block.split('\n').includes(`event: ${name}`))
        .map((block) => JSON.parse(block.split('\n').find((l) => l.startsWith('data: '))!.slice(6)) as T),
    close: () => ctrl.abort(),
  };
}
