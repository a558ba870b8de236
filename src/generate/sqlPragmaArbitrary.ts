import fc from 'fast-check';

/**
 * SQLite `PRAGMA` statements: reads of the settings a database file keeps in its header (`PRAGMA
 * user_version`), and writes of them that persist in the file (`PRAGMA user_version = 7`, `application_id`).
 * A guard that lets PRAGMA through as harmless lets the write through too; the header's fields are compared
 * as part of the database, so the write is seen.
 */
export function pragmaArbitrary(): fc.Arbitrary<string> {
  const setting = fc.constantFrom('user_version', 'application_id');
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: setting.map((name) => `PRAGMA ${name}`), weight: 1 },
    {
      arbitrary: fc
        .tuple(setting, fc.integer({ min: 1, max: 9999 }))
        .map(([name, value]) => `PRAGMA ${name} = ${value}`),
      weight: 2,
    },
  );
}
