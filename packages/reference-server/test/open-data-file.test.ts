import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { DataFileError } from '../src/node/persistence/errors.js';
import { openDataFile } from '../src/node/persistence/open-data-file.js';
import { org1 } from './support/demo.js';
import { line, newDataFile, removeDataFiles } from './support/persistence-bin.js';

afterAll(removeDataFiles);

describe('openDataFile (in-process) on damaged files', () => {
  it('refuses each kind of damage with the file and line, and changes nothing', async () => {
    const file = newDataFile();
    const sound = await openDataFile({ path: file, seed: 'demo', warn: () => {} });
    await sound.db.medications.create({
      id: '64d0030000000000000000aa',
      name: 'Journaled',
      organization: org1.id,
      meta: {},
      date: '2026-01-01T00:00:00.000Z',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    sound.close();
    // Without the end line of the clean stop (as a kill leaves it), so that lines can be appended.
    const text = readFileSync(file, 'utf8').replace(/[^\n]*"op":"end"[^\n]*\n$/, '');
    const lines = text.split('\n'); // the last element is '' (the file ends with a newline)
    const records = lines.length - 3; // header, journal line, ''
    const next = (value: Record<string, unknown>) => line({ seq: lines.length - 1, ...value }); // the line after the last

    const variants: Array<[string, string, string]> = [
      ['a changed snapshot line', text.replace('Sonnen-Apotheke', 'Sonnen-Apothekx'), ':2: snapshot line damaged: checksum mismatch'],
      ['a snapshot cut short', lines.slice(0, 50).join('\n') + '\n', `:51: the snapshot is cut short: the header announces ${records} records`],
      ['a header cut short', text.slice(0, 40), ':1: the header line is incomplete'],
      ['not a data file', '{"hello":"world"}\n', ':1: unreadable header: not a "<checksum> <json>" line'],
      ['another format', line({ format: 'something-else', version: 1 }), ':1: not a medsched data file'],
      ['an unknown table', `${text}${next({ table: 'patients', op: 'delete', id: 'x' })}`, `:${lines.length}: journal line not understood: unknown table "patients"`],
      ['an unknown operation', `${text}${next({ table: 'medications', op: 'upsert', id: 'x' })}`, `:${lines.length}: journal line not understood: unknown operation "upsert"`],
      ['a record its model rejects', `${text}${next({ table: 'medications', op: 'create', record: { id: 'x', name: 7 } })}`, `:${lines.length}: a medications record the server cannot take`],
      ['a line without a sequence number', `${text}${line({ table: 'medications', op: 'delete', id: 'x' })}`, `:${lines.length}: journal line not understood: a line without a sequence number`],
      ['an empty file', '', ': the file is empty'],
    ];
    for (const [what, content, message] of variants) {
      writeFileSync(file, content);
      const error = await openDataFile({ path: file, seed: 'demo' }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error, what).toBeInstanceOf(DataFileError);
      expect((error as Error).message, what).toContain(`${file}${message}`);
      expect(readFileSync(file, 'utf8'), what).toBe(content);
    }

    writeFileSync(file, text);
    const reopened = await openDataFile({ path: file, seed: 'empty', warn: () => {} });
    expect(reopened.origin).toBe('loaded');
    expect(reopened.journalLines).toBe(1);
    expect(reopened.db.medications.get('64d0030000000000000000aa')).toMatchObject({ name: 'Journaled' });
    expect(reopened.db.medications.group('organization', org1.id).map((medication) => medication.name)).toContain('Journaled');
    reopened.close();
  });
});
