// The USP Record (usp-record 1.3) and Msg (usp-msg 1.3) schemas, written from the TR-369 field
// numbers and parsed once at module load (no code generation step). Only what a controller and an
// agent of ours exchange is spelled out; anything else a peer sends (session context records,
// GetSupportedDM, Register…) decodes as "unsupported" because protobuf skips unknown fields.
import protobuf from 'protobufjs';

const RECORD_PROTO = `
syntax = "proto3";
package usp_record;

message Record {
  string version = 1;
  string to_id = 2;
  string from_id = 3;
  PayloadSecurity payload_security = 4;
  bytes mac_signature = 5;
  bytes sender_cert = 6;
  oneof record_type {
    NoSessionContextRecord no_session_context = 7;
    MQTTConnectRecord mqtt_connect = 10;
    DisconnectRecord disconnect = 12;
  }
  enum PayloadSecurity {
    PLAINTEXT = 0;
    TLS12 = 1;
  }
}

message NoSessionContextRecord {
  bytes payload = 2;
}

message MQTTConnectRecord {
  MQTTVersion version = 1;
  string subscribed_topic = 2;
  enum MQTTVersion {
    V3_1_1 = 0;
    V5 = 1;
  }
}

message DisconnectRecord {
  string reason = 1;
  fixed32 reason_code = 2;
}
`;

const MSG_PROTO = `
syntax = "proto3";
package usp;

message Msg {
  Header header = 1;
  Body body = 2;
}

message Header {
  string msg_id = 1;
  MsgType msg_type = 2;
  enum MsgType {
    ERROR = 0;
    GET = 1;
    GET_RESP = 2;
    NOTIFY = 3;
    SET = 4;
    SET_RESP = 5;
    OPERATE = 6;
    OPERATE_RESP = 7;
    ADD = 8;
    ADD_RESP = 9;
    DELETE = 10;
    DELETE_RESP = 11;
    GET_SUPPORTED_DM = 12;
    GET_SUPPORTED_DM_RESP = 13;
    GET_INSTANCES = 14;
    GET_INSTANCES_RESP = 15;
    NOTIFY_RESP = 16;
    GET_SUPPORTED_PROTO = 17;
    GET_SUPPORTED_PROTO_RESP = 18;
    REGISTER = 19;
    REGISTER_RESP = 20;
    DEREGISTER = 21;
    DEREGISTER_RESP = 22;
  }
}

message Body {
  oneof msg_body {
    Request request = 1;
    Response response = 2;
    Error error = 3;
  }
}

message Request {
  oneof req_type {
    Get get = 1;
    Set set = 4;
    Add add = 5;
    Delete delete = 6;
    Operate operate = 7;
    Notify notify = 8;
  }
}

message Response {
  oneof resp_type {
    GetResp get_resp = 1;
    SetResp set_resp = 4;
    AddResp add_resp = 5;
    DeleteResp delete_resp = 6;
    OperateResp operate_resp = 7;
    NotifyResp notify_resp = 8;
  }
}

message Error {
  fixed32 err_code = 1;
  string err_msg = 2;
  repeated ParamError param_errs = 3;
  message ParamError {
    string param_path = 1;
    fixed32 err_code = 2;
    string err_msg = 3;
  }
}

message Get {
  repeated string param_paths = 1;
  fixed32 max_depth = 2;
}

message GetResp {
  repeated RequestedPathResult req_path_results = 1;
  message RequestedPathResult {
    string requested_path = 1;
    fixed32 err_code = 2;
    string err_msg = 3;
    repeated ResolvedPathResult resolved_path_results = 4;
  }
  message ResolvedPathResult {
    string resolved_path = 1;
    map<string, string> result_params = 2;
  }
}

message Set {
  bool allow_partial = 1;
  repeated UpdateObject update_objs = 2;
  message UpdateObject {
    string obj_path = 1;
    repeated UpdateParamSetting param_settings = 2;
  }
  message UpdateParamSetting {
    string param = 1;
    string value = 2;
    bool required = 3;
  }
}

message SetResp {
  repeated UpdatedObjectResult updated_obj_results = 1;
  message UpdatedObjectResult {
    string requested_path = 1;
    OperationStatus oper_status = 2;
    message OperationStatus {
      oneof oper_status {
        OperationFailure oper_failure = 1;
        OperationSuccess oper_success = 2;
      }
      message OperationFailure {
        fixed32 err_code = 1;
        string err_msg = 2;
        repeated UpdatedInstanceFailure updated_inst_failures = 3;
      }
      message OperationSuccess {
        repeated UpdatedInstanceResult updated_inst_results = 1;
      }
    }
  }
  message UpdatedInstanceFailure {
    string affected_path = 1;
    repeated ParameterError param_errs = 2;
  }
  message UpdatedInstanceResult {
    string affected_path = 1;
    repeated ParameterError param_errs = 2;
    map<string, string> updated_params = 3;
  }
  message ParameterError {
    string param = 1;
    fixed32 err_code = 2;
    string err_msg = 3;
  }
}

message Add {
  bool allow_partial = 1;
  repeated CreateObject create_objs = 2;
  message CreateObject {
    string obj_path = 1;
    repeated CreateParamSetting param_settings = 2;
  }
  message CreateParamSetting {
    string param = 1;
    string value = 2;
    bool required = 3;
  }
}

message AddResp {
  repeated CreatedObjectResult created_obj_results = 1;
  message CreatedObjectResult {
    string requested_path = 1;
    OperationStatus oper_status = 2;
    message OperationStatus {
      oneof oper_status {
        OperationFailure oper_failure = 1;
        OperationSuccess oper_success = 2;
      }
      message OperationFailure {
        fixed32 err_code = 1;
        string err_msg = 2;
      }
      message OperationSuccess {
        string instantiated_path = 1;
        repeated ParameterError param_errs = 2;
        map<string, string> unique_keys = 3;
      }
    }
  }
  message ParameterError {
    string param = 1;
    fixed32 err_code = 2;
    string err_msg = 3;
  }
}

message Delete {
  bool allow_partial = 1;
  repeated string obj_paths = 2;
}

message DeleteResp {
  repeated DeletedObjectResult deleted_obj_results = 1;
  message DeletedObjectResult {
    string requested_path = 1;
    OperationStatus oper_status = 2;
    message OperationStatus {
      oneof oper_status {
        OperationFailure oper_failure = 1;
        OperationSuccess oper_success = 2;
      }
      message OperationFailure {
        fixed32 err_code = 1;
        string err_msg = 2;
      }
      message OperationSuccess {
        repeated string affected_paths = 1;
        repeated UnaffectedPathError unaffected_path_errs = 2;
      }
    }
  }
  message UnaffectedPathError {
    string unaffected_path = 1;
    fixed32 err_code = 2;
    string err_msg = 3;
  }
}

message Operate {
  string command = 1;
  string command_key = 2;
  bool send_resp = 3;
  map<string, string> input_args = 4;
}

message OperateResp {
  repeated OperationResult operation_results = 1;
  message OperationResult {
    string executed_command = 1;
    oneof operation_resp {
      string req_obj_path = 2;
      OutputArgs req_output_args = 3;
      CommandFailure cmd_failure = 4;
    }
    message OutputArgs {
      map<string, string> output_args = 1;
    }
    message CommandFailure {
      fixed32 err_code = 1;
      string err_msg = 2;
    }
  }
}

message Notify {
  string subscription_id = 1;
  bool send_resp = 2;
  oneof notification {
    Event event = 3;
    ValueChange value_change = 4;
    ObjectCreation obj_creation = 5;
    ObjectDeletion obj_deletion = 6;
    OperationComplete oper_complete = 7;
    OnBoardRequest on_board_req = 8;
  }
  message Event {
    string obj_path = 1;
    string event_name = 2;
    map<string, string> params = 3;
  }
  message ValueChange {
    string param_path = 1;
    string param_value = 2;
  }
  message ObjectCreation {
    string obj_path = 1;
    map<string, string> unique_keys = 2;
  }
  message ObjectDeletion {
    string obj_path = 1;
  }
  message OperationComplete {
    string obj_path = 1;
    string command_name = 2;
    string command_key = 3;
    oneof operation_resp {
      OutputArgs req_output_args = 4;
      CommandFailure cmd_failure = 5;
    }
    message OutputArgs {
      map<string, string> output_args = 1;
    }
    message CommandFailure {
      fixed32 err_code = 1;
      string err_msg = 2;
    }
  }
  message OnBoardRequest {
    string oui = 1;
    string product_class = 2;
    string serial_number = 3;
    string agent_supported_protocol_versions = 4;
  }
}

message NotifyResp {
  string subscription_id = 1;
}
`;

const root = new protobuf.Root();
protobuf.parse(RECORD_PROTO, root);
protobuf.parse(MSG_PROTO, root);

export const RecordType = root.lookupType('usp_record.Record');
export const MsgType = root.lookupType('usp.Msg');
