// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-desk: the trading desk. It connects the way the user chose last (File > Connect…), or
// as --server / --sandbox say for this run: to a server over wss://, or to the exchange embedded
// on its own thread with the sandbox market, where it signs in as the demo customer. The
// embedded exchange runs only while the sandbox is used.

#include "everx/version.h"
#include "server/embeddedexchange.h"

#include "views/deskstate.h"
#include "window/deskmemory.h"
#include "window/mainwindow.h"
#include "window/roleworkspaces.h"
#include "wire/clientsession.h"
#include "wire/serverconnector.h"
#include "wire/wirecodec.h"

#include <QtCore/QCommandLineParser>
#include <QtCore/QStandardPaths>
#include <QtGui/QIcon>
#include <QtWidgets/QApplication>
#include <QtWidgets/QMessageBox>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>

using namespace everx;

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("everx-desk"));
    QApplication::setOrganizationName(QStringLiteral("EverXCloud"));
    QApplication::setApplicationDisplayName(QStringLiteral("EverX Desk"));
    QApplication::setApplicationVersion(QStringLiteral(EVERX_VERSION));
    // The installed .desktop file and icon (packaging/), so that the desktop matches windows to
    // the menu entry and shows its icon.
    QGuiApplication::setDesktopFileName(QStringLiteral("cloud.everx.Desk"));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("cloud.everx.Desk")));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("EverX Desk: the trading desk for GPU hours."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption server(
        QStringLiteral("server"),
        QStringLiteral("Connect to the exchange server at this wss:// URL for this run (ws:// "
                       "only on this computer; default port %1), or at several separated by "
                       "commas, the machines of one exchange, tried in turn.")
            .arg(Protocol::DefaultPort),
        QStringLiteral("urls"));
    const QCommandLineOption sandbox(QStringLiteral("sandbox"),
                                     QStringLiteral("Use the built-in sandbox for this run."));
    const QCommandLineOption database(
        QStringLiteral("sandbox-database"),
        QStringLiteral("The sandbox's SQLite file (default: sandbox.db in the data folder)."),
        QStringLiteral("file"));
    EmbeddedExchange::Options options;
    const QString defaultScale = QString::number(options.sandbox.timeScale);
    const QCommandLineOption timeScale(
        QStringLiteral("time-scale"),
        QStringLiteral("Sandbox hours per real hour (default %1).").arg(defaultScale),
        QStringLiteral("factor"), defaultScale);
    const QCommandLineOption sandboxAs(
        QStringLiteral("sandbox-as"),
        QStringLiteral("The sandbox's demo account to sign in as: customer (default), provider or "
                       "support."),
        QStringLiteral("role"), QStringLiteral("customer"));
    parser.addOptions({server, sandbox, database, timeScale, sandboxAs});
    parser.process(app);
    const std::optional<Role> demoRole = Wire::roleFromName(parser.value(sandboxAs));
    if (!demoRole) {
        std::fprintf(stderr, "everx-desk: --sandbox-as: customer, provider or support\n");
        return 2;
    }
    if (parser.isSet(server) && parser.isSet(sandbox)) {
        std::fprintf(stderr, "everx-desk: --server and --sandbox exclude each other\n");
        return 2;
    }
    std::optional<QList<QUrl>> serverUrls;
    if (parser.isSet(server)) {
        QString problem;
        serverUrls = ServerConnector::parseServerUrls(parser.value(server), &problem);
        if (!serverUrls) {
            std::fprintf(stderr, "everx-desk: --server: %s\n", qPrintable(problem));
            return 2;
        }
    }

    options.databasePath = parser.isSet(database)
        ? parser.value(database)
        : QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
            + QStringLiteral("/sandbox.db");
    options.sandbox.timeScale =
        std::clamp(parser.value(timeScale).toInt(), 1, SandboxOptions::MaxTimeScale);

    // Declared before the session, so that it outlives the session's last transport.
    std::unique_ptr<EmbeddedExchange> exchange;
    ClientSession session;
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.setWorkspaceFactory(roleWorkspaces(session, desk));
    // The GPU, chart interval and notifications of the last launch.
    DeskMemory memory(desk, session, *window.notifications());
    connector.setSandboxRole(*demoRole);
    connector.setSandbox(
        [&exchange, &options, &window]() -> ClientSession::TransportFactory {
            exchange = std::make_unique<EmbeddedExchange>();
            QObject::connect(
                exchange.get(), &EmbeddedExchange::failed, &window,
                [&window](const QString &message) {
                    QMessageBox::critical(
                        &window, QObject::tr("Sandbox"),
                        QObject::tr("The sandbox exchange did not start: %1").arg(message));
                });
            QObject::connect(exchange.get(), &EmbeddedExchange::preparing, &window,
                             &MainWindow::showSandboxProgress);
            exchange->start(options);
            return [ex = exchange.get()] {
                return ex->connectClient();
            };
        },
        [&exchange] { exchange.reset(); });

    if (serverUrls)
        connector.connectToServer(*serverUrls, false);
    else if (parser.isSet(sandbox))
        connector.connectToSandbox(false);
    else
        connector.connectSaved();
    window.show();
    return app.exec();
}
