// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "server/simulatedprocessor.h"

#include "server/exchangeservice.h"
#include "server/paymentwebhook.h"
#include "wire/wirecodec.h"

#include <QtCore/QDateTime>
#include <QtCore/QJsonDocument>
#include <QtCore/QTimer>

namespace everx {

SimulatedProcessor::SimulatedProcessor(ExchangeService &service, QByteArray secret, int delayMs,
                                       QObject *parent)
    : QObject(parent)
    , m_service(service)
    , m_secret(std::move(secret))
    , m_delayMs(delayMs)
{ }

void SimulatedProcessor::pay(const Payment &payment)
{
    if (payment.state != PaymentState::Pending || m_scheduled.contains(payment.reference))
        return;
    m_scheduled.insert(payment.reference);
    QTimer::singleShot(m_delayMs, this, [this, payment] { confirm(payment); });
}

void SimulatedProcessor::confirm(const Payment &payment)
{
    m_scheduled.remove(payment.reference);
    const QByteArray body =
        QJsonDocument(Wire::toJson(PaymentConfirmation {payment.reference, payment.currency,
                                                        payment.amountMinor}))
            .toJson(QJsonDocument::Compact);
    const QByteArray timestamp = QByteArray::number(QDateTime::currentSecsSinceEpoch());
    m_service.confirmPayment(timestamp, PaymentWebhook::sign(m_secret, timestamp, body), body);
}

} // namespace everx
