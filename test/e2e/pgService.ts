import pg from 'pg';

/** The machine's PostgreSQL service (.ci/run starts it when it is down): trust auth, user postgres. */
export const SERVICE = 'postgres://postgres@127.0.0.1:5432/postgres';

/** A connection to the service as postgres, or an error saying how to start it. */
export async function connectService(purpose: string): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: SERVICE });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `${purpose} need PostgreSQL at ${SERVICE} (trust auth), which did not answer: ${String(error)}. ` +
        'Start it (pg_ctlcluster --skip-systemctl-redirect 15 main start), as .ci/run does.',
    );
  }
  return admin;
}
