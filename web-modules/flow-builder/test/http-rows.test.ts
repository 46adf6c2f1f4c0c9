import { describe, expect, it } from 'vitest';
import { httpRowProblems } from '@guiche/contracts';

describe("the HTTP node's header and response-map rows", () => {
  it('names the row that would not work and why', () => {
    const { headers, responseMap } = httpRowProblems({
      headers: [
        { name: 'Authorization', value: 'Bearer {{token}}' },
        { name: 'X Loja', value: '1' },
        { name: 'authorization', value: 'outro' },
        { name: 'X-Vazio', value: ' ' },
        { name: 'X-Quebra', value: 'a\r\nHost: evil' },
        { name: '', value: '' },
      ],
      responseMap: [
        { path: 'order.status', variable: 'status' },
        { path: ' ', variable: 'x' },
        { path: 'order.id', variable: 'meu pedido' },
        { path: 'order.total', variable: 'status' },
        { path: 'order.items.0.name', variable: 'item.nome' },
      ],
    });
    expect([...headers]).toEqual([
      [1, 'headerName'],
      [2, 'headerDuplicate'],
      [3, 'headerValue'],
      [4, 'headerValue'],
      [5, 'headerName'],
    ]);
    expect([...responseMap]).toEqual([
      [1, 'mapPath'],
      [2, 'mapVariable'],
      [3, 'mapDuplicate'],
    ]);
  });

  it('has nothing to say about rows that work or no rows at all', () => {
    expect(httpRowProblems({ headers: [{ name: ' X-Loja ', value: 'a' }], responseMap: [{ path: 'a.b', variable: 'c' }] })).toEqual({ headers: new Map(), responseMap: new Map() });
    expect(httpRowProblems({})).toEqual({ headers: new Map(), responseMap: new Map() });
  });
});
