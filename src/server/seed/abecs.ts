/**
 * ABECS response codes (Brazilian card-acquiring standard, as returned in ISO 8583 field 39) used by the
 * generator, with the weight each decline reason gets among denied authorizations.
 */
export const approvalMessages = {
  authorization: 'Transação aprovada',
  pre_authorization: 'Pré-autorização aprovada',
  capture: 'Captura confirmada',
  refund: 'Estorno efetuado',
  void: 'Cancelamento efetuado',
  reversal: 'Desfazimento efetuado',
} as const;

export interface AbecsDecline {
  code: string;
  message: string;
  /** share among declines of card payments */
  weight: number;
  /** only meaningful for PIN / debit flows */
  pinOrDebit?: boolean;
}

export const abecsDeclines: readonly AbecsDecline[] = [
  { code: '05', message: 'Transação não autorizada', weight: 20 },
  { code: '14', message: 'Cartão inválido', weight: 4 },
  { code: '51', message: 'Saldo insuficiente', weight: 24 },
  { code: '54', message: 'Cartão vencido', weight: 5 },
  { code: '55', message: 'Senha inválida', weight: 12, pinOrDebit: true },
  { code: '57', message: 'Transação não permitida para o cartão', weight: 8 },
  { code: '59', message: 'Suspeita de fraude', weight: 6 },
  { code: '61', message: 'Excede limite de valor', weight: 5 },
  { code: '75', message: 'Excedida tentativas de senha', weight: 3, pinOrDebit: true },
  { code: '78', message: 'Cartão bloqueado ou novo não desbloqueado', weight: 4 },
  { code: '91', message: 'Emissor fora do ar', weight: 5 },
  { code: '96', message: 'Falha do sistema', weight: 4 },
];

export const abecsCodes: ReadonlySet<string> = new Set(abecsDeclines.map((d) => d.code));
