import type { CustomFieldDataType, CustomFieldType } from '@herald/protocol';

type T = (key: string) => string;

/** A custom field type's name for people (functional §3). */
export function customFieldTypeLabel(t: T, type: CustomFieldType): string {
  switch (type) {
    case 'subscriber':
      return t('settings.customFields.types.subscriber');
    case 'purchase':
      return t('settings.customFields.types.purchase');
    case 'product':
      return t('settings.customFields.types.product');
    case 'purchaseProduct':
      return t('settings.customFields.types.purchaseProduct');
    case 'visit':
      return t('settings.customFields.types.visit');
    case 'subscriberEvent':
      return t('settings.customFields.types.subscriberEvent');
    case 'page':
      return t('settings.customFields.types.page');
    case 'partition':
      return t('settings.customFields.types.partition');
    case 'subscriberList':
      return t('settings.customFields.types.subscriberList');
    case 'coupon':
      return t('settings.customFields.types.coupon');
  }
}

export function dataTypeLabel(t: T, dataType: CustomFieldDataType): string {
  switch (dataType) {
    case 'text':
      return t('settings.customFields.dataTypes.text');
    case 'number':
      return t('settings.customFields.dataTypes.number');
    case 'date':
      return t('settings.customFields.dataTypes.date');
    case 'boolean':
      return t('settings.customFields.dataTypes.boolean');
  }
}
