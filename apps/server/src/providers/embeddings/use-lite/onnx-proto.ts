import protobuf from 'protobufjs';

/**
 * The part of onnx.proto (ONNX IR version 7) needed to write a model, as a protobufjs JSON
 * descriptor. Field numbers are those of github.com/onnx/onnx/blob/main/onnx/onnx.proto.
 */
const descriptor: protobuf.INamespace = {
  nested: {
    onnx: {
      nested: {
        AttributeProto: {
          fields: {
            name: { type: 'string', id: 1 },
            f: { type: 'float', id: 2 },
            i: { type: 'int64', id: 3 },
            s: { type: 'bytes', id: 4 },
            t: { type: 'TensorProto', id: 5 },
            floats: { rule: 'repeated', type: 'float', id: 7 },
            ints: { rule: 'repeated', type: 'int64', id: 8 },
            type: { type: 'int32', id: 20 },
          },
        },
        ValueInfoProto: {
          fields: {
            name: { type: 'string', id: 1 },
            type: { type: 'TypeProto', id: 2 },
          },
        },
        NodeProto: {
          fields: {
            input: { rule: 'repeated', type: 'string', id: 1 },
            output: { rule: 'repeated', type: 'string', id: 2 },
            name: { type: 'string', id: 3 },
            op_type: { type: 'string', id: 4 },
            attribute: { rule: 'repeated', type: 'AttributeProto', id: 5 },
            domain: { type: 'string', id: 7 },
          },
        },
        ModelProto: {
          fields: {
            ir_version: { type: 'int64', id: 1 },
            producer_name: { type: 'string', id: 2 },
            producer_version: { type: 'string', id: 3 },
            graph: { type: 'GraphProto', id: 7 },
            opset_import: { rule: 'repeated', type: 'OperatorSetIdProto', id: 8 },
          },
        },
        GraphProto: {
          fields: {
            node: { rule: 'repeated', type: 'NodeProto', id: 1 },
            name: { type: 'string', id: 2 },
            initializer: { rule: 'repeated', type: 'TensorProto', id: 5 },
            input: { rule: 'repeated', type: 'ValueInfoProto', id: 11 },
            output: { rule: 'repeated', type: 'ValueInfoProto', id: 12 },
          },
        },
        TensorProto: {
          fields: {
            dims: { rule: 'repeated', type: 'int64', id: 1 },
            data_type: { type: 'int32', id: 2 },
            name: { type: 'string', id: 8 },
            raw_data: { type: 'bytes', id: 9 },
          },
        },
        TensorShapeProto: {
          fields: { dim: { rule: 'repeated', type: 'Dimension', id: 1 } },
          nested: {
            Dimension: {
              oneofs: { value: { oneof: ['dim_value', 'dim_param'] } },
              fields: {
                dim_value: { type: 'int64', id: 1 },
                dim_param: { type: 'string', id: 2 },
              },
            },
          },
        },
        TypeProto: {
          oneofs: { value: { oneof: ['tensor_type'] } },
          fields: { tensor_type: { type: 'Tensor', id: 1 } },
          nested: {
            Tensor: {
              fields: {
                elem_type: { type: 'int32', id: 1 },
                shape: { type: 'TensorShapeProto', id: 2 },
              },
            },
          },
        },
        OperatorSetIdProto: {
          fields: {
            domain: { type: 'string', id: 1 },
            version: { type: 'int64', id: 2 },
          },
        },
      },
    },
  },
};

/** ONNX TensorProto.DataType values used here. */
export const OnnxType = { FLOAT: 1, UINT8: 2, INT8: 3, INT32: 6, INT64: 7, BOOL: 9 } as const;
/** ONNX AttributeProto.AttributeType values used here. */
export const AttributeType = {
  FLOAT: 1,
  INT: 2,
  STRING: 3,
  TENSOR: 4,
  FLOATS: 6,
  INTS: 7,
} as const;

export interface TensorMessage {
  name: string;
  dims: number[];
  data_type: number;
  raw_data: Uint8Array;
}
export interface AttributeMessage {
  name: string;
  type: number;
  i?: number;
  f?: number;
  ints?: number[];
  floats?: number[];
  t?: TensorMessage;
}
export interface NodeMessage {
  name: string;
  op_type: string;
  input: string[];
  output: string[];
  attribute: AttributeMessage[];
}
export interface ValueInfoMessage {
  name: string;
  type: {
    tensor_type: {
      elem_type: number;
      shape: { dim: ({ dim_value: number } | { dim_param: string })[] };
    };
  };
}
export interface ModelMessage {
  ir_version: number;
  producer_name: string;
  producer_version: string;
  opset_import: { domain: string; version: number }[];
  graph: {
    name: string;
    node: NodeMessage[];
    initializer: TensorMessage[];
    input: ValueInfoMessage[];
    output: ValueInfoMessage[];
  };
}

let modelType: protobuf.Type | undefined;

/** Serialises an ONNX model to its protobuf bytes. */
export function encodeModel(model: ModelMessage): Uint8Array {
  modelType ??= protobuf.Root.fromJSON(descriptor).lookupType('onnx.ModelProto');
  return modelType.encode(modelType.fromObject(model)).finish();
}

/** A value-info entry for a tensor input/output; string dims are symbolic. */
export function tensorValueInfo(
  name: string,
  elemType: number,
  dims: (number | string)[],
): ValueInfoMessage {
  return {
    name,
    type: {
      tensor_type: {
        elem_type: elemType,
        shape: {
          dim: dims.map((d) => (typeof d === 'number' ? { dim_value: d } : { dim_param: d })),
        },
      },
    },
  };
}
