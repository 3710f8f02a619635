// The variant parameters (docs/design.md#beyond-the-specification) as a table: what is accepted, the defaults, the 400s
// naming the parameter, and the geometry of the answer, never upscaled without enlarge=1.
import { readFileSync } from 'node:fs';
import t from 'tap';
import { MAX_VARIANT_SIDE, canonicalQuery, outputBox, parseVariant } from '../../src/core/variants/spec.js';

t.test('no variant parameter: no variant (the original bytes)', async (t) => {
  t.equal(parseVariant({}), undefined);
  t.equal(parseVariant({ brightness: 'dark', q: 'sea', format: 'png' }), undefined, 'filters and unknown parameters are not variants');
  t.equal(parseVariant({ w: '' }), undefined, 'an empty value is absent');
});

t.test('defaults', async (t) => {
  const table: [Record<string, string>, object][] = [
    [
      { w: '800', h: '600' },
      { w: 800, h: 600, fit: 'cover', crop: 'attention', enlarge: false },
    ],
    [{ w: '800' }, { w: 800, fit: 'inside', crop: 'attention', enlarge: false }],
    [
      { h: '600', as: 'WEBP' },
      { h: 600, fit: 'inside', crop: 'attention', as: 'webp', enlarge: false },
    ],
    [
      { w: '10', h: '10', fit: 'contain', quality: '55', enlarge: '1' },
      { w: 10, h: 10, fit: 'contain', crop: 'attention', quality: 55, enlarge: true },
    ],
    [{ as: 'avif' }, { fit: 'inside', crop: 'attention', as: 'avif', enlarge: false }],
    [
      { w: '5000', h: '1', crop: 'entropy' },
      { w: 5000, h: 1, fit: 'cover', crop: 'entropy', enlarge: false },
    ],
  ];
  for (const [query, spec] of table) t.same(parseVariant(query), spec, JSON.stringify(query));
});

t.test('invalid values: 400 naming the parameter and what it accepts', async (t) => {
  const table: [Record<string, string | string[]>, RegExp][] = [
    [{ w: '0' }, /^invalid w "0": expected a whole number from 1 to 5000$/],
    [{ w: '5001' }, /^invalid w "5001": expected a whole number from 1 to 5000$/],
    [{ h: '1.5' }, /^invalid h "1.5": expected a whole number from 1 to 5000$/],
    [{ h: '-3' }, /^invalid h/],
    [{ w: '10', fit: 'fill' }, /^invalid fit "fill": expected cover, contain or inside$/],
    [{ w: '10', h: '10', crop: 'smart' }, /^invalid crop "smart": expected attention, entropy or center$/],
    [{ as: 'gif' }, /^invalid as "gif": expected jpeg, webp, avif, png or bmp$/],
    [{ as: 'jpeg', quality: '0' }, /^invalid quality "0": expected a whole number from 1 to 100$/],
    [{ w: '10', enlarge: 'yes' }, /^invalid enlarge "yes": expected 1 \(allow upscaling\) or 0$/],
    [{ w: '10', fit: 'cover' }, /^invalid fit "cover": it needs both w and h/],
    [{ w: ['10', '20'] }, /^invalid w: given 2 times, expected once$/],
  ];
  for (const [query, message] of table) t.throws(() => parseVariant(query), { code: 'invalid_param', message }, JSON.stringify(query));
});

t.test('the box of the answer', async (t) => {
  const box = (query: Record<string, string>, width: number, height: number) => outputBox(parseVariant(query)!, width, height);
  const table: [Record<string, string>, [number, number], { w: number; h: number }][] = [
    [{ w: '2560', h: '1440' }, [6000, 4000], { w: 2560, h: 1440 }],
    [{ w: '500', h: '500', fit: 'inside' }, [6000, 4000], { w: 500, h: 333 }],
    [{ w: '500' }, [6000, 4000], { w: 500, h: 333 }],
    [{ h: '400' }, [6000, 4000], { w: 600, h: 400 }],
    // No upscaling: the largest box of the asked aspect inside the source.
    [{ w: '3840', h: '2160' }, [1920, 1200], { w: 1920, h: 1080 }],
    [{ w: '1080', h: '2400' }, [1920, 1080], { w: 486, h: 1080 }],
    [{ w: '4000' }, [1920, 1080], { w: 1920, h: 1080 }],
    [{ w: '3840', h: '2160', enlarge: '1' }, [1920, 1200], { w: 3840, h: 2160 }],
    [{ w: '4000', enlarge: '1' }, [1920, 1080], { w: 4000, h: 2250 }],
    [{ as: 'webp' }, [1920, 1080], { w: 1920, h: 1080 }],
    // AVIF: the size asked like every format (it was shrunk to 1920x1200's pixels).
    [{ w: '1920', h: '1200', as: 'avif' }, [6000, 4000], { w: 1920, h: 1200 }],
    [{ w: '5000', h: '5000', as: 'avif', enlarge: '1' }, [1920, 1080], { w: 5000, h: 5000 }],
    [{ w: '3840', h: '2160', as: 'avif' }, [6000, 4000], { w: 3840, h: 2160 }],
    [{ as: 'avif' }, [6000, 4000], { w: 6000, h: 4000 }],
    [{ w: '5000', h: '5000', as: 'png', enlarge: '1' }, [1920, 1080], { w: 5000, h: 5000 }],
  ];
  for (const [query, [width, height], expected] of table)
    t.same(box(query, width, height), expected, `${JSON.stringify(query)} of ${width}x${height}`);
});

t.test('one canonical query per variant', async (t) => {
  t.equal(canonicalQuery(parseVariant({ h: '600', w: '800' })!, 'jpeg'), 'w=800&h=600&fit=cover&crop=attention&as=jpeg');
  t.equal(
    canonicalQuery(parseVariant({ w: '800', fit: 'INSIDE', crop: 'entropy' })!, 'png'),
    'w=800&fit=inside&as=png',
    'crop only matters for cover',
  );
  t.equal(
    canonicalQuery(parseVariant({ w: '8', h: '8', as: 'webp', quality: '70', enlarge: '1' })!, 'png'),
    'w=8&h=8&fit=cover&crop=attention&as=webp&quality=70&enlarge=1',
  );
});

t.test('the one limit of every format, in the errors and in the OpenAPI document', async (t) => {
  for (const as of ['avif', 'webp', 'jpeg', 'png']) {
    t.throws(() => parseVariant({ w: '5001', h: '2160', as }), { message: 'invalid w "5001": expected a whole number from 1 to 5000' }, as);
    t.throws(() => parseVariant({ w: '3840', h: '5001', as }), { message: 'invalid h "5001": expected a whole number from 1 to 5000' }, as);
  }
  const document = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8'));
  const parameters = document.components.parameters;
  for (const name of ['w', 'h']) t.same([parameters[name].schema.minimum, parameters[name].schema.maximum], [1, MAX_VARIANT_SIDE], name);
  t.notMatch(parameters.as.description, /shrink|at most 1920x1200/i, 'no AVIF shrinking promised');
  t.match(parameters.as.description, /at the size asked, up to 5000x5000/);
});
