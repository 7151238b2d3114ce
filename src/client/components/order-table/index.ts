export {
  ALL_PERIODS_LABEL,
  isOrderPeriod,
  isOrderStatus,
  LIST_PERIOD_OPTIONS,
  PERIOD_OPTIONS,
  periodLabel,
  STATUS_OPTIONS,
} from './order-options';
export { customerDisplay, orderTotalText } from './order-row';
export { editOrderHref, OrderTable, type OrderTableProps } from './order-table';
export { PeriodRange } from './period-range';
export {
  deleteOrderQuestion,
  ORDER_DELETE_ERROR,
  type OrderDelete,
  useOrderDelete,
} from './use-order-delete';
