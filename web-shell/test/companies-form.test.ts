import { describe, expect, it } from 'vitest';
import { companyCreateSchema, V, type CompanyRow } from '@guiche/contracts';
import { companyFormValues, companyPayload, validateCompany } from '../src/features/companies/lib/company-form.js';

const filled = { ...companyFormValues(), name: 'Padaria', email: 'dono@padaria.com', planId: '1' };

describe('company form: numberAttendants and numberConections', () => {
  it('takes blank or a whole number 0..9999, with the contracts key otherwise', () => {
    for (const ok of ['', '0', '12', '9999']) expect(validateCompany({ ...filled, numberAttendants: ok, numberConections: ok }, true)).toEqual({});
    for (const bad of ['dez', '-1', '1.5', '10000', '1e3']) {
      expect(validateCompany({ ...filled, numberAttendants: bad, numberConections: bad }, true)).toEqual({ numberAttendants: V.companyLimit, numberConections: V.companyLimit });
    }
  });

  it("sends blank as null (the plan's) and a number as a number, which the server accepts", () => {
    const payload = companyPayload({ ...filled, numberAttendants: ' 7 ', numberConections: '' }, true);
    expect(payload).toMatchObject({ numberAttendants: 7, numberConections: null });
    expect(companyCreateSchema.safeParse(payload).success).toBe(true);
    const values = companyFormValues({ numberAttendants: 0, numberConections: null } as CompanyRow);
    expect([values.numberAttendants, values.numberConections]).toEqual(['0', '']);
  });
});
