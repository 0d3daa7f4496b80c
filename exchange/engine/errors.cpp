#include "engine/errors.h"

namespace everx {

QString errorCodeName(ErrorCode code)
{
    switch (code) {
    case ErrorCode::InvalidArgument:
        return QStringLiteral("invalid_argument");
    case ErrorCode::UnknownGpu:
        return QStringLiteral("unknown_gpu");
    case ErrorCode::UnknownAccount:
        return QStringLiteral("unknown_account");
    case ErrorCode::UnknownOrder:
        return QStringLiteral("unknown_order");
    case ErrorCode::UnknownListing:
        return QStringLiteral("unknown_listing");
    case ErrorCode::UnknownRental:
        return QStringLiteral("unknown_rental");
    case ErrorCode::UnknownCountry:
        return QStringLiteral("unknown_country");
    case ErrorCode::InsufficientFunds:
        return QStringLiteral("insufficient_funds");
    case ErrorCode::Forbidden:
        return QStringLiteral("forbidden");
    case ErrorCode::NotOwner:
        return QStringLiteral("not_owner");
    case ErrorCode::ListingHasRentals:
        return QStringLiteral("listing_has_rentals");
    case ErrorCode::InvalidState:
        return QStringLiteral("invalid_state");
    case ErrorCode::DuplicateAccount:
        return QStringLiteral("duplicate_account");
    case ErrorCode::AuthenticationFailed:
        return QStringLiteral("authentication_failed");
    case ErrorCode::Storage:
        return QStringLiteral("storage_error");
    }
    return QStringLiteral("internal");
}

} // namespace everx
