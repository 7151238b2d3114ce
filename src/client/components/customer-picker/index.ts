export {
  CustomerPicker,
  type CustomerPickerProps,
  PICKER_FETCH_ERROR,
  PICKER_LOAD_ERROR,
} from './customer-picker';
export {
  choosePlacement,
  customerLabel,
  deletedCustomerLabel,
  filterCustomers,
  PICKER_COUNT_THRESHOLD,
  PICKER_MAX_HEIGHT,
  pickerCountLabel,
} from './customer-picker-helpers';
