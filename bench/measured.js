// Runs a command as a child process and measures it from the outside: wall time, exit status, and the peak
// resident memory of that one process (VmHWM in /proc/<pid>/status, read every 100 ms until it exits; the
// high-water mark only grows, so the last read misses at most the final 100 ms). Its children (servers,
// sandboxes) are not counted: each is a process of its own.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';

/** The process's peak RSS so far in MB, or undefined once it is gone (or off Linux). */
function peakRssMb(pid) {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? undefined : Number(match[1]) / 1024;
  } catch {
    return undefined;
  }
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, output?: 'inherit' | 'capture' }} [options] capture: stdout and stderr kept, not shown
 * @returns {Promise<{ seconds: number, status: number | null, signal: string | null, peakRssMb?: number, output: string }>}
 */
export function runMeasured(command, args, { cwd, output = 'inherit' } = {}) {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  const chunks = [];
  child.stdout?.on('data', (chunk) => chunks.push(chunk));
  child.stderr?.on('data', (chunk) => chunks.push(chunk));
  let peak;
  const poll = () => {
    const now = child.pid === undefined ? undefined : peakRssMb(child.pid);
    if (now !== undefined) peak = Math.max(peak ?? 0, now);
  };
  const timer = setInterval(poll, 100);
  return new Promise((resolve, reject) => {
    child.on('error', (error) => {
      clearInterval(timer);
      reject(new Error(`Could not start ${command} ${args.join(' ')}: ${error.message}`));
    });
    child.on('close', (status, signal) => {
      clearInterval(timer);
      resolve({
        seconds: (performance.now() - started) / 1000,
        status,
        signal,
        ...(peak === undefined ? {} : { peakRssMb: Math.round(peak) }),
        output: Buffer.concat(chunks).toString('utf8'),
      });
    });
  });
}
