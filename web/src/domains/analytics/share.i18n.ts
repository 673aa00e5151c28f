/** Indonesian texts of sharing a dashboard or report (English defaults live in the share button and dialog). */
const id: Record<string, string> = {
  'analyticsShare.button': 'Bagikan',
  'analyticsShare.title': 'Bagikan {{name}}',
  'analyticsShare.send': 'Kirim',
  'analyticsShare.close': 'Tutup',
  'analyticsShare.intro': 'Rekan yang dipilih menerima e-mail berisi tautan ke layar ini dengan periode dan filter yang sama.',
  'analyticsShare.link': 'Tautan yang dibagikan',
  'analyticsShare.recipients': 'Rekan',
  'analyticsShare.recipientsHelp': 'Hanya rekan yang perannya dapat membuka layar ini (paling banyak {{max}}).',
  'analyticsShare.search': 'Cari rekan menurut nama atau nama pengguna',
  'analyticsShare.note': 'Catatan',
  'analyticsShare.withExport': 'Sertakan ekspor',
  'analyticsShare.withExportHelp': 'Rekan yang boleh mengekspor layar ini juga menerima tautan yang membuat ekspornya dengan hak mereka sendiri.',
  'analyticsShare.sentTo': 'Terkirim ke {{count}} rekan',
  'analyticsShare.sentNone': 'Tidak terkirim ke siapa pun',
  'analyticsShare.sent': 'Terkirim',
  'analyticsShare.skipped': 'Tidak terkirim',
  'analyticsShare.reason.no-access': 'perannya tidak dapat membuka layar ini',
  'analyticsShare.reason.inactive': 'akunnya tidak aktif',
  'analyticsShare.skippedCount': '{{count}} rekan tidak dikirimi',
};

/** English plurals (i18next picks `_one` or `_other` by the count). */
const en: Record<string, string> = {
  'analyticsShare.sentTo_one': 'Sent to {{count}} colleague',
  'analyticsShare.sentTo_other': 'Sent to {{count}} colleagues',
  'analyticsShare.skippedCount_one': '{{count}} colleague not sent',
  'analyticsShare.skippedCount_other': '{{count}} colleagues not sent',
};

export const shareI18n = { en, id };
