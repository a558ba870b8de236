/** Where the comment goes, and with what right: `GITHUB_API_URL`, `GITHUB_REPOSITORY`, `GITHUB_TOKEN`. */
export interface CommentTarget {
  readonly api: string;
  readonly repository: string;
  readonly token: string;
  readonly pullRequest: number;
}

/** The hidden line that identifies the action's comment on a pull request, one per `comment-key`. */
export function commentMarker(key: string): string {
  return `<!-- hintproof-action:${key.replace(/-->|[\r\n]/g, '')} -->`;
}

/**
 * The pull request of the workflow's event (`$GITHUB_EVENT_PATH`): `pull_request` and `pull_request_target`
 * events carry it, as does an `issue_comment` on a pull request. Undefined for any other event.
 */
export function pullRequestNumber(event: unknown): number | undefined {
  const payload = event as {
    pull_request?: { number?: unknown };
    issue?: { number?: unknown; pull_request?: unknown };
  } | null;
  const number =
    payload?.pull_request?.number ??
    (payload?.issue?.pull_request === undefined ? undefined : payload.issue.number);
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/** The most comments read looking for the action's own: 50 pages of 100. */
const MAX_PAGES = 50;

/**
 * Creates the action's comment on the pull request, or updates the one that carries `marker` (the first, on
 * a pull request with several), so a re-run never adds a second. Resolves to the comment's URL; throws with
 * GitHub's status and message when a request fails.
 */
export async function upsertComment(target: CommentTarget, marker: string, body: string): Promise<string> {
  const base = `${target.api.replace(/\/+$/, '')}/repos/${target.repository}`;
  const request = async (method: string, url: string, payload?: unknown): Promise<unknown> => {
    const response = await fetch(url, {
      method,
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${target.token}`,
        'x-github-api-version': '2022-11-28',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
    const text = await response.text();
    if (!response.ok) {
      throw new Error(
        `${method} ${url} answered ${response.status} ${response.statusText}: ${text.slice(0, 500)}`,
      );
    }
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  };
  const full = `${marker}\n${body}`;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const comments = (await request(
      'GET',
      `${base}/issues/${target.pullRequest}/comments?per_page=100&page=${page}`,
    )) as Array<{ id: number; body?: string; html_url?: string }>;
    const ours = comments.find((comment) => comment.body?.includes(marker) === true);
    if (ours !== undefined) {
      const updated = (await request('PATCH', `${base}/issues/comments/${ours.id}`, { body: full })) as {
        html_url?: string;
      };
      return updated.html_url ?? ours.html_url ?? '';
    }
    if (comments.length < 100) break;
  }
  const created = (await request('POST', `${base}/issues/${target.pullRequest}/comments`, {
    body: full,
  })) as {
    html_url?: string;
  };
  return created.html_url ?? '';
}
