import type { CardBrand } from '../../contract/enums.ts';

/**
 * BIN ranges per brand. Elo shares the 4xxxxx and 5xxxxx spaces with Visa and Mastercard, so Visa and
 * Mastercard BINs here avoid Elo's ranges. Mostly 6-digit BINs; a few 8-digit ones (the 2022+ standard).
 */
export const binsByBrand: Record<CardBrand, readonly string[]> = {
  visa: ['402400', '410863', '416651', '422061', '453211', '455182', '476173', '489514', '498408', '40240012', '45321178'],
  mastercard: ['510510', '522688', '530034', '545678', '552289', '222300', '230650', '251234', '271601', '53003412', '54567801'],
  elo: ['636368', '438935', '504175', '451416', '506699', '509048', '509067', '509123', '636297', '50904812'],
  amex: ['376449', '374245', '341234', '377172'],
  hipercard: ['606282', '384100', '384140', '384160', '60628201'],
};

export const creditBrandWeights: readonly (readonly [CardBrand, number])[] = [
  ['mastercard', 40],
  ['visa', 37],
  ['elo', 14],
  ['hipercard', 5],
  ['amex', 4],
];

export const debitBrandWeights: readonly (readonly [CardBrand, number])[] = [
  ['mastercard', 42],
  ['visa', 39],
  ['elo', 19],
];

/** EMV application identifiers (tag 4F) per brand and function. */
export const aidByBrand: Record<CardBrand, { credit: string; debit: string }> = {
  visa: { credit: 'A0000000031010', debit: 'A0000000032010' },
  mastercard: { credit: 'A0000000041010', debit: 'A0000000043060' },
  elo: { credit: 'A0000004941010', debit: 'A0000004942010' },
  amex: { credit: 'A00000002501', debit: 'A00000002501' },
  hipercard: { credit: 'A0000007291010', debit: 'A0000007291010' },
};

export const captureMethodWeights = [
  ['chip', 52],
  ['contactless', 38],
  ['magstripe', 5],
  ['manual', 5],
] as const;

export const firstNames = [
  'MARIA', 'ANA', 'FRANCISCA', 'ANTONIA', 'ADRIANA', 'JULIANA', 'MARCIA', 'FERNANDA', 'PATRICIA', 'ALINE',
  'JOSE', 'JOAO', 'ANTONIO', 'FRANCISCO', 'CARLOS', 'PAULO', 'PEDRO', 'LUCAS', 'LUIZ', 'MARCOS',
  'GABRIEL', 'RAFAEL', 'BEATRIZ', 'LARISSA', 'CAMILA', 'THIAGO', 'BRUNO', 'LETICIA', 'VINICIUS', 'RENATA',
];

export const lastNames = [
  'SILVA', 'SANTOS', 'OLIVEIRA', 'SOUZA', 'RODRIGUES', 'FERREIRA', 'ALVES', 'PEREIRA', 'LIMA', 'GOMES',
  'COSTA', 'RIBEIRO', 'MARTINS', 'CARVALHO', 'ALMEIDA', 'LOPES', 'SOARES', 'FERNANDES', 'VIEIRA', 'BARBOSA',
  'ROCHA', 'DIAS', 'NASCIMENTO', 'ANDRADE', 'MOREIRA', 'NUNES', 'MARQUES', 'MACHADO', 'MENDES', 'FREITAS',
];

/** ISPBs of large Brazilian institutions, the first part of a Pix end-to-end id. */
export const pixIspbs = ['00000000', '00360305', '60701190', '60746948', '90400888', '18236120', '00416968', '10573521'];
