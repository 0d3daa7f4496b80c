// everx-desk: the trading desk. With no server configured it runs the exchange embedded, on
// its own thread, with the sandbox market, and signs in as the demo customer.

#include "exchange/embeddedexchange.h"

#include "models/clientsession.h"
#include "models/deskstate.h"
#include "ui/mainwindow.h"

#include <QtCore/QCommandLineParser>
#include <QtCore/QStandardPaths>
#include <QtWidgets/QApplication>
#include <QtWidgets/QMessageBox>

using namespace everx;

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("everx-desk"));
    QApplication::setOrganizationName(QStringLiteral("EverXCloud"));
    QApplication::setApplicationDisplayName(QStringLiteral("EverX Desk"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("EverX Desk: the trading desk for GPU hours."));
    parser.addHelpOption();
    const QCommandLineOption database(QStringLiteral("sandbox-database"), QStringLiteral("The sandbox's SQLite file (default: sandbox.db in the data folder)."), QStringLiteral("file"));
    const QCommandLineOption timeScale(QStringLiteral("time-scale"), QStringLiteral("Sandbox hours per real hour (default 60)."), QStringLiteral("factor"), QStringLiteral("60"));
    parser.addOptions({database, timeScale});
    parser.process(app);

    EmbeddedExchange exchange;
    EmbeddedExchange::Options options;
    options.databasePath = parser.isSet(database)
        ? parser.value(database)
        : QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/sandbox.db");
    options.timeScale = std::clamp(parser.value(timeScale).toInt(), 1, 3600);

    ClientSession session;
    session.setTransportFactory([&exchange] { return exchange.connectClient(); });
    DeskState desk(session, GpuCatalog::builtIn());
    MainWindow window(session, desk);
    // In the sandbox the desk signs in as the demo customer at once.
    QObject::connect(&session, &ClientSession::stateChanged, &window, [&session](ClientSession::State state) {
        if (state == ClientSession::State::Connected && session.serverMode() == u"sandbox")
            session.loginDemo(Role::Customer);
    });
    QObject::connect(&exchange, &EmbeddedExchange::failed, &window, [&window](const QString &message) {
        QMessageBox::critical(&window, QObject::tr("Sandbox"), QObject::tr("The sandbox exchange did not start: %1").arg(message));
    });
    exchange.start(options);
    session.connectToExchange();
    window.show();
    return app.exec();
}
