/** Whether a wait's time-out is a deadline, and on which clock (`false`: a duration from when it began). */
type Deadline = false | 'monotonic' | 'realtime';

/**
 * A system call a thread blocks in until something happens: `none`, it has no time-out (only something from
 * outside ends it); else where its time-out is: argument `arg` as milliseconds (`ms`, negative: none) or as a
 * pointer to a `timespec`/`timeval` (null: none), a deadline when `absolute` says so from the call's arguments.
 */
export interface WaitKind {
  readonly timeout: 'none' | 'ms' | 'timespec' | 'timeval';
  readonly arg: number;
  readonly absolute?: (args: readonly bigint[]) => Deadline;
}

const NONE: WaitKind = { timeout: 'none', arg: 0 };
const ms = (arg: number): WaitKind => ({ timeout: 'ms', arg });
const timespec = (arg: number, absolute?: WaitKind['absolute']): WaitKind => ({
  timeout: 'timespec',
  arg,
  ...(absolute === undefined ? {} : { absolute }),
});

const FUTEX_PRIVATE = 128n;
const FUTEX_CLOCK_REALTIME = 256n;

/** futex(2): FUTEX_WAIT takes a duration; WAIT_BITSET, WAIT_REQUEUE_PI and LOCK_PI2 a deadline; LOCK_PI one on CLOCK_REALTIME. */
function futexDeadline(args: readonly bigint[]): Deadline {
  const op = args[1] ?? 0n;
  const command = op & ~(FUTEX_PRIVATE | FUTEX_CLOCK_REALTIME);
  if (command === 6n) return 'realtime';
  if (command === 9n || command === 11n || command === 13n)
    return (op & FUTEX_CLOCK_REALTIME) === 0n ? 'monotonic' : 'realtime';
  return false;
}

/** clock_nanosleep(2): a deadline with TIMER_ABSTIME, on CLOCK_REALTIME (0) or a monotonic clock. */
function sleepDeadline(args: readonly bigint[]): Deadline {
  if (((args[1] ?? 0n) & 1n) === 0n) return false;
  return args[0] === 0n ? 'realtime' : 'monotonic';
}

/** The waits every architecture has, by name. */
const WAITS: Readonly<Record<string, WaitKind>> = {
  read: NONE,
  readv: NONE,
  pread64: NONE,
  recvfrom: NONE,
  recvmsg: NONE,
  accept: NONE,
  accept4: NONE,
  connect: NONE,
  wait4: NONE,
  waitid: NONE,
  pause: NONE,
  rt_sigsuspend: NONE,
  msgrcv: NONE,
  semop: NONE,
  flock: NONE,
  fcntl: NONE,
  recvmmsg: timespec(4),
  rt_sigtimedwait: timespec(2),
  semtimedop: timespec(3),
  poll: ms(2),
  ppoll: timespec(2),
  select: { timeout: 'timeval', arg: 4 },
  pselect6: timespec(4),
  epoll_wait: ms(3),
  epoll_pwait: ms(3),
  epoll_pwait2: timespec(3),
  futex: timespec(3, futexDeadline),
  nanosleep: timespec(0),
  clock_nanosleep: timespec(2, sleepDeadline),
  io_getevents: timespec(4),
  mq_timedreceive: timespec(4, () => 'realtime'),
};

/** System call numbers by architecture (`process.arch`), for the waits above. */
const NUMBERS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  x64: {
    read: 0,
    readv: 19,
    pread64: 17,
    recvfrom: 45,
    recvmsg: 47,
    accept: 43,
    accept4: 288,
    connect: 42,
    wait4: 61,
    waitid: 247,
    pause: 34,
    rt_sigsuspend: 130,
    msgrcv: 70,
    semop: 65,
    flock: 73,
    fcntl: 72,
    recvmmsg: 299,
    rt_sigtimedwait: 128,
    semtimedop: 220,
    poll: 7,
    ppoll: 271,
    select: 23,
    pselect6: 270,
    epoll_wait: 232,
    epoll_pwait: 281,
    epoll_pwait2: 441,
    futex: 202,
    nanosleep: 35,
    clock_nanosleep: 230,
    io_getevents: 208,
    mq_timedreceive: 243,
  },
  arm64: {
    read: 63,
    readv: 65,
    pread64: 67,
    recvfrom: 207,
    recvmsg: 212,
    accept: 202,
    accept4: 242,
    connect: 203,
    wait4: 260,
    waitid: 95,
    rt_sigsuspend: 133,
    msgrcv: 188,
    semop: 193,
    flock: 32,
    fcntl: 25,
    recvmmsg: 243,
    rt_sigtimedwait: 137,
    semtimedop: 192,
    ppoll: 73,
    pselect6: 72,
    epoll_pwait: 22,
    epoll_pwait2: 441,
    futex: 98,
    nanosleep: 101,
    clock_nanosleep: 115,
    io_getevents: 4,
    mq_timedreceive: 182,
  },
};

const cache = new Map<string, ReadonlyMap<number, WaitKind> | undefined>();

/** The waits of an architecture by system call number; `undefined` for one hintproof has no table for. */
export function waitKinds(arch: string): ReadonlyMap<number, WaitKind> | undefined {
  if (!cache.has(arch)) {
    const numbers = NUMBERS[arch];
    cache.set(
      arch,
      numbers === undefined
        ? undefined
        : new Map(Object.entries(numbers).map(([name, number]) => [number, WAITS[name] ?? NONE])),
    );
  }
  return cache.get(arch);
}
