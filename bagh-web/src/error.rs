//! The API's errors: a status and a JSON body `{"error": "..."}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// A request that could not be answered.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status (4xx for a bad request).
    pub status: StatusCode,
    /// What was wrong, for a person.
    pub message: String,
}

impl ApiError {
    /// 400: the request is wrong (a bad move, a bad field).
    pub fn bad_request(message: impl std::fmt::Display) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.to_string(),
        }
    }

    /// 404: no such game or puzzle.
    pub fn not_found(message: impl std::fmt::Display) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: message.to_string(),
        }
    }

    /// 409: the request is valid, but not now (a finished game, no tables).
    pub fn conflict(message: impl std::fmt::Display) -> ApiError {
        ApiError {
            status: StatusCode::CONFLICT,
            message: message.to_string(),
        }
    }

    /// 500: the server failed (a damaged table file).
    pub fn internal(message: impl std::fmt::Display) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: message.to_string(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Json(serde_json::json!({ "error": self.message }));
        (self.status, body).into_response()
    }
}

impl From<axum::extract::rejection::JsonRejection> for ApiError {
    fn from(rejection: axum::extract::rejection::JsonRejection) -> ApiError {
        ApiError {
            status: rejection.status(),
            message: rejection.body_text(),
        }
    }
}

impl From<axum::extract::rejection::PathRejection> for ApiError {
    fn from(rejection: axum::extract::rejection::PathRejection) -> ApiError {
        ApiError {
            status: rejection.status(),
            message: rejection.body_text(),
        }
    }
}

impl From<axum::extract::rejection::QueryRejection> for ApiError {
    fn from(rejection: axum::extract::rejection::QueryRejection) -> ApiError {
        ApiError {
            status: rejection.status(),
            message: rejection.body_text(),
        }
    }
}
