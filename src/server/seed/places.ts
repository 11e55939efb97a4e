/** Brazilian places, merchants and terminal details the generator draws from. */

export interface City {
  name: string;
  uf: string;
  lat: number;
  lon: number;
  /** DDD area code, used in SSIDs and serial prefixes */
  ddd: string;
}

export const cities: readonly City[] = [
  { name: 'São Paulo', uf: 'SP', lat: -23.5505, lon: -46.6333, ddd: '11' },
  { name: 'Rio de Janeiro', uf: 'RJ', lat: -22.9068, lon: -43.1729, ddd: '21' },
  { name: 'Belo Horizonte', uf: 'MG', lat: -19.9167, lon: -43.9345, ddd: '31' },
  { name: 'Curitiba', uf: 'PR', lat: -25.4284, lon: -49.2733, ddd: '41' },
  { name: 'Porto Alegre', uf: 'RS', lat: -30.0346, lon: -51.2177, ddd: '51' },
  { name: 'Salvador', uf: 'BA', lat: -12.9777, lon: -38.5016, ddd: '71' },
  { name: 'Recife', uf: 'PE', lat: -8.0476, lon: -34.877, ddd: '81' },
  { name: 'Fortaleza', uf: 'CE', lat: -3.7319, lon: -38.5267, ddd: '85' },
  { name: 'Brasília', uf: 'DF', lat: -15.7939, lon: -47.8828, ddd: '61' },
  { name: 'Manaus', uf: 'AM', lat: -3.119, lon: -60.0217, ddd: '92' },
  { name: 'Goiânia', uf: 'GO', lat: -16.6869, lon: -49.2648, ddd: '62' },
  { name: 'Florianópolis', uf: 'SC', lat: -27.5954, lon: -48.548, ddd: '48' },
  { name: 'Belém', uf: 'PA', lat: -1.4558, lon: -48.4902, ddd: '91' },
  { name: 'Campinas', uf: 'SP', lat: -22.9099, lon: -47.0626, ddd: '19' },
];

/** Legal names of merchants; the first six are the demo merchants. */
export const merchantNames: readonly string[] = [
  'Padaria Pão Dourado Ltda',
  'Farmácia Vida Saudável Ltda',
  'Auto Posto Estrela do Sul Ltda',
  'Restaurante Sabor Mineiro Ltda',
  'Supermercado Bom Preço Ltda',
  'Moda Carioca Comércio de Roupas Ltda',
  'Livraria Página Nova Ltda',
  'Pet Shop Amigo Fiel Ltda',
  'Hotel Brisa do Mar Ltda',
  'Ótica Visão Clara Ltda',
  'Açougue Boi Nobre Ltda',
  'Materiais de Construção Alicerce Ltda',
  'Sorveteria Gelato Tropical Ltda',
  'Eletrônicos Conecta Ltda',
  'Hortifruti Campo Verde Ltda',
  'Barbearia Navalha de Ouro Ltda',
];

/** Terminal models and how their serial numbers look. */
export const terminalModels = [
  { model: 'PAX A920', serial: (d: string) => `1170${d.slice(0, 6)}` },
  { model: 'PAX D195', serial: (d: string) => `2290${d.slice(0, 6)}` },
  { model: 'Gertec GPOS700', serial: (d: string) => `GT700${d.slice(0, 7)}` },
  { model: 'Ingenico Move/5000', serial: (d: string) => `IM5${d.slice(0, 8)}` },
  { model: 'Sunmi P2', serial: (d: string) => `P2${d.slice(0, 2)}MB${d.slice(2, 10)}` },
  { model: 'Positivo L300', serial: (d: string) => `L300${d.slice(0, 8)}` },
] as const;

/** Mobile operators: APN and the issuer digits of the ICCID (89 55 + issuer). */
export const carriers = [
  { apn: 'timbrasil.br', iccidIssuer: '02' },
  { apn: 'zap.vivo.com.br', iccidIssuer: '10' },
  { apn: 'claro.com.br', iccidIssuer: '05' },
  { apn: 'gprs.oi.com.br', iccidIssuer: '31' },
  { apn: 'm2m.arqia.com.br', iccidIssuer: '99' },
] as const;

export const ssidPrefixes = ['LOJA', 'CAIXA', 'NET_2G', 'VIVO-', 'CLARO_', 'TIM_FIBRA_', 'WIFI_CLIENTES', 'ADM'] as const;

export const metadataSamples = {
  channels: ['pos', 'tap_on_phone', 'self_checkout', 'counter'],
  stores: ['LJ01', 'LJ02', 'LJ07', 'MATRIZ', 'FILIAL-CENTRO'],
  operators: ['caixa01', 'caixa02', 'gerente', 'atendente3'],
} as const;
