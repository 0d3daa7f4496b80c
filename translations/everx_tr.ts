<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="tr_TR">
<context>
    <name>QObject</name>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>The sandbox exchange did not start: %1</source>
        <translation>Sandbox borsası başlatılamadı: %1</translation>
    </message>
</context>
<context>
    <name>everx::ClientSession</name>
    <message>
        <source>disconnected</source>
        <translation>bağlantı kesildi</translation>
    </message>
    <message>
        <source>No way to reach the exchange is configured.</source>
        <translation>Borsaya bağlantı yapılandırılmamış.</translation>
    </message>
    <message>
        <source>The exchange did not answer.</source>
        <translation>Borsa yanıt vermedi.</translation>
    </message>
    <message>
        <source>The exchange refused the connection: %1</source>
        <translation>Borsa bağlantıyı reddetti: %1</translation>
    </message>
    <message>
        <source>the exchange refused the connection</source>
        <translation>borsa bağlantıyı reddetti</translation>
    </message>
    <message>
        <source>The exchange speaks another protocol version.</source>
        <translation>Borsa farklı bir protokol sürümü kullanıyor.</translation>
    </message>
    <message>
        <source>the exchange speaks another protocol version</source>
        <translation>borsa farklı bir protokol sürümü kullanıyor</translation>
    </message>
    <message>
        <source>the connection dropped before the reply</source>
        <translation>yanıt gelmeden bağlantı koptu</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>bağlı değil</translation>
    </message>
    <message>
        <source>no reply to %1 within %2 s</source>
        <translation>%1 için %2 sn içinde yanıt gelmedi</translation>
    </message>
    <message>
        <source>signed out before the order could be sent again</source>
        <translation>emir yeniden gönderilemeden oturum kapatıldı</translation>
    </message>
    <message>
        <source>order %1 is already being placed</source>
        <translation>%1 emri zaten gönderiliyor</translation>
    </message>
    <message>
        <source>The exchange stopped answering.</source>
        <translation>Borsa yanıt vermeyi bıraktı.</translation>
    </message>
</context>
<context>
    <name>everx::InProcessTransport</name>
    <message>
        <source>The in-process exchange is not running.</source>
        <translation>Yerleşik borsa çalışmıyor.</translation>
    </message>
</context>
<context>
    <name>everx::LadderView</name>
    <message>
        <source>Spread %1 (%2 %)</source>
        <translation>Makas %1 (%%2)</translation>
    </message>
    <message>
        <source>No bids</source>
        <translation>Talep yok</translation>
    </message>
    <message>
        <source>No offers</source>
        <translation>Teklif yok</translation>
    </message>
    <message>
        <source>Empty book</source>
        <translation>Emir defteri boş</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) offered at %1 per GPU-hour</source>
        <translation>
            <numerusform>GPU saati başına %1 fiyattan %n GPU teklif ediliyor</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) bid at %1 per GPU-hour</source>
        <translation>
            <numerusform>GPU saati başına %1 fiyattan %n GPU talep ediliyor</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) of them are your bids</source>
        <translation>
            <numerusform>Bunlardan %n GPU sizin talebinize ait</numerusform>
        </translation>
    </message>
    <message>
        <source>Order book ladder</source>
        <translation>Emir defteri kademeleri</translation>
    </message>
    <message>
        <source>Offers above, bids below. Enter fills the order ticket with the current level.</source>
        <translation>Teklifler üstte, talepler altta. Enter, emir formunu geçerli kademeyle doldurur.</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Fiyat</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Toplam</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Emir</translation>
    </message>
</context>
<context>
    <name>everx::MainWindow</name>
    <message>
        <source>Cancel order</source>
        <translation>Emri iptal et</translation>
    </message>
    <message numerus="yes">
        <source>Cancel the bid for %n GPU(s) of %1 at %2? The %3 it holds goes back to your balance.</source>
        <translation>
            <numerusform>%n adet %1 için %2 fiyatlı talep iptal edilsin mi? Bloke edilen %3 bakiyenize geri döner.</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop rental</source>
        <translation>Kiralamayı durdur</translation>
    </message>
    <message numerus="yes">
        <source>Stop the rental of %n GPU(s) of %1? The hour under way is billed; the %2 hour(s) left are not.</source>
        <translation>
            <numerusform>%n adet %1 için kiralama durdurulsun mu? Devam eden saat faturalandırılır; kalan %2 saat faturalandırılmaz.</numerusform>
        </translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Reddedildi: %1</translation>
    </message>
    <message>
        <source>EverX Desk</source>
        <translation>EverX Desk</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Görünüm</translation>
    </message>
    <message>
        <source>Order book</source>
        <translation>Emir defteri</translation>
    </message>
    <message>
        <source>Open orders</source>
        <translation>Açık emirler</translation>
    </message>
    <message>
        <source>Rentals</source>
        <translation>Kiralamalar</translation>
    </message>
    <message>
        <source>Order ticket</source>
        <translation>Emir formu</translation>
    </message>
    <message>
        <source>&amp;Cancel order…</source>
        <translation>Emri &amp;iptal et…</translation>
    </message>
    <message>
        <source>&amp;Stop rental…</source>
        <translation>Kiralamayı &amp;durdur…</translation>
    </message>
    <message>
        <source>Copy &amp;access details</source>
        <translation>&amp;Erişim bilgilerini kopyala</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Sunucu</translation>
    </message>
    <message>
        <source>Disconnected</source>
        <translation>Bağlantı kesildi</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Bağlanıyor…</translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>Bağlı</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <comment>round-trip latency</comment>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Not signed in</source>
        <translation>Oturum açılmadı</translation>
    </message>
    <message>
        <source>Available %1</source>
        <comment>balance</comment>
        <translation>Kullanılabilir %1</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Dil</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Tema</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Açık</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Koyu</translation>
    </message>
</context>
<context>
    <name>everx::MarketWatchModel</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Last</source>
        <comment>last traded price</comment>
        <translation>Son</translation>
    </message>
    <message>
        <source>24h change</source>
        <translation>24 saatlik değişim</translation>
    </message>
    <message>
        <source>24h volume</source>
        <comment>GPU-hours traded in 24 hours</comment>
        <translation>24 saatlik hacim</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Bellek</translation>
    </message>
    <message>
        <source>BF16 TFLOPS</source>
        <translation>BF16 TFLOPS</translation>
    </message>
    <message>
        <source>%1, %2, %3 GB %4</source>
        <translation>%1, %2, %3 GB %4</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>not published</source>
        <translation>yayımlanmadı</translation>
    </message>
    <message>
        <source>Best bid</source>
        <translation>En iyi talep</translation>
    </message>
    <message>
        <source>Best ask</source>
        <comment>the lowest offer</comment>
        <translation>En iyi teklif</translation>
    </message>
</context>
<context>
    <name>everx::OpenOrdersModel</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU sayısı</translation>
    </message>
    <message>
        <source>Filled</source>
        <comment>GPUs of the bid filled so far</comment>
        <translation>Gerçekleşen</translation>
    </message>
    <message>
        <source>Price</source>
        <comment>per GPU-hour</comment>
        <translation>Fiyat</translation>
    </message>
    <message>
        <source>Hours</source>
        <translation>Saat</translation>
    </message>
    <message>
        <source>Held</source>
        <comment>money held for the bid</comment>
        <translation>Bloke</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Geçerlilik</translation>
    </message>
    <message>
        <source>until cancelled</source>
        <translation>iptal edilene kadar</translation>
    </message>
</context>
<context>
    <name>everx::OrderBookModel</name>
    <message>
        <source>Price</source>
        <comment>per GPU-hour</comment>
        <translation>Fiyat</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Total</source>
        <comment>cumulative GPUs from the best price</comment>
        <translation>Toplam</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Emir</translation>
    </message>
</context>
<context>
    <name>everx::OrderTicket</name>
    <message>
        <source>Sign in to trade.</source>
        <translation>İşlem yapmak için oturum açın.</translation>
    </message>
    <message>
        <source>Choose a GPU in the market watch.</source>
        <translation>Piyasa izleme listesinden bir GPU seçin.</translation>
    </message>
    <message>
        <source>Enter a price per GPU-hour, like %1.</source>
        <translation>GPU saati başına bir fiyat girin, örneğin %1.</translation>
    </message>
    <message>
        <source>The price can be at most %1 per GPU-hour.</source>
        <translation>Fiyat en fazla GPU saati başına %1 olabilir.</translation>
    </message>
    <message>
        <source>This needs %1; %2 is available. Top up, or ask for fewer GPUs or hours.</source>
        <translation>Bunun için %1 gerekiyor; kullanılabilir tutar %2. Bakiye yükleyin ya da daha az GPU veya saat isteyin.</translation>
    </message>
    <message numerus="yes">
        <source>Buy now %n GPU(s) of %1 for %2 hour(s) at the best offers up to %3 per GPU-hour.</source>
        <translation>
            <numerusform>%n adet %1, %2 saat süreyle, en iyi tekliflerden GPU saati başına en fazla %3 fiyatla hemen alınacak.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Bid for %n GPU(s) of %1 for %2 hour(s) at %3 per GPU-hour.</source>
        <translation>
            <numerusform>%n adet %1 için %2 saat süreyle, GPU saati başına %3 fiyatla talep verilecek.</numerusform>
        </translation>
    </message>
    <message>
        <source>Confirm order</source>
        <translation>Emri onayla</translation>
    </message>
    <message>
        <source>Subtotal %1
Tax %2
Total held %3
Balance after %4
Prices exclude tax; rentals are billed hourly.</source>
        <translation>Ara toplam %1
Vergi %2
Toplam bloke %3
Kalan bakiye %4
Fiyatlar vergiler hariçtir; kiralamalar saatlik faturalandırılır.</translation>
    </message>
    <message>
        <source>Order refused: %1</source>
        <translation>Emir reddedildi: %1</translation>
    </message>
    <message>
        <source>Order placed.</source>
        <translation>Emir verildi.</translation>
    </message>
    <message>
        <source>&amp;Buy now</source>
        <comment>take the best offers at once</comment>
        <translation>&amp;Hemen al</translation>
    </message>
    <message>
        <source>B&amp;id</source>
        <comment>place a bid at your price</comment>
        <translation>&amp;Talep ver</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>&amp;GPUs</source>
        <translation>&amp;GPU sayısı</translation>
    </message>
    <message>
        <source>&amp;Hours</source>
        <translation>&amp;Saat</translation>
    </message>
    <message>
        <source>&amp;Price per GPU-hour</source>
        <translation>GPU saati başına &amp;fiyat</translation>
    </message>
    <message>
        <source>Subtotal</source>
        <translation>Ara toplam</translation>
    </message>
    <message>
        <source>Tax</source>
        <translation>Vergi</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Toplam</translation>
    </message>
    <message>
        <source>Balance after</source>
        <translation>Kalan bakiye</translation>
    </message>
    <message>
        <source>Place order…</source>
        <translation>Emir ver…</translation>
    </message>
    <message>
        <source>Price per GPU-hour</source>
        <translation>GPU saati başına fiyat</translation>
    </message>
</context>
<context>
    <name>everx::RentalsModel</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU sayısı</translation>
    </message>
    <message>
        <source>Price</source>
        <comment>per GPU-hour</comment>
        <translation>Fiyat</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Başlangıç</translation>
    </message>
    <message>
        <source>Hours left</source>
        <translation>Kalan saat</translation>
    </message>
    <message>
        <source>Cost so far</source>
        <translation>Şu ana kadarki maliyet</translation>
    </message>
    <message>
        <source>Access</source>
        <translation>Erişim</translation>
    </message>
    <message>
        <source>Region: %1</source>
        <translation>Bölge: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <comment>hours left</comment>
        <translation>
            <numerusform>%n sa</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::WebSocketTransport</name>
    <message>
        <source>Not a ws:// or wss:// address: %1</source>
        <translation>ws:// veya wss:// adresi değil: %1</translation>
    </message>
    <message>
        <source>certificate fingerprint mismatch: expected SHA-256 %1, the server presented %2</source>
        <translation>sertifika parmak izi uyuşmuyor: beklenen SHA-256 %1, sunucunun sunduğu %2</translation>
    </message>
    <message>
        <source>The server&apos;s certificate is not trusted (SHA-256 %1)</source>
        <translation>Sunucunun sertifikasına güvenilmiyor (SHA-256 %1)</translation>
    </message>
</context>
</TS>
