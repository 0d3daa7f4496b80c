<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="id_ID">
<context>
    <name>QObject</name>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>The sandbox exchange did not start: %1</source>
        <translation>Bursa sandbox tidak dapat dimulai: %1</translation>
    </message>
</context>
<context>
    <name>everx::ClientSession</name>
    <message>
        <source>disconnected</source>
        <translation>terputus</translation>
    </message>
    <message>
        <source>No way to reach the exchange is configured.</source>
        <translation>Belum ada koneksi ke bursa yang dikonfigurasi.</translation>
    </message>
    <message>
        <source>The exchange did not answer.</source>
        <translation>Bursa tidak merespons.</translation>
    </message>
    <message>
        <source>The exchange refused the connection: %1</source>
        <translation>Bursa menolak koneksi: %1</translation>
    </message>
    <message>
        <source>the exchange refused the connection</source>
        <translation>bursa menolak koneksi</translation>
    </message>
    <message>
        <source>The exchange speaks another protocol version.</source>
        <translation>Bursa menggunakan versi protokol yang berbeda.</translation>
    </message>
    <message>
        <source>the exchange speaks another protocol version</source>
        <translation>bursa menggunakan versi protokol yang berbeda</translation>
    </message>
    <message>
        <source>the connection dropped before the reply</source>
        <translation>koneksi terputus sebelum ada balasan</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>tidak terhubung</translation>
    </message>
    <message>
        <source>no reply to %1 within %2 s</source>
        <translation>tidak ada balasan untuk %1 dalam %2 detik</translation>
    </message>
    <message>
        <source>signed out before the order could be sent again</source>
        <translation>sudah keluar sebelum pesanan dapat dikirim ulang</translation>
    </message>
    <message>
        <source>order %1 is already being placed</source>
        <translation>pesanan %1 sedang dikirim</translation>
    </message>
    <message>
        <source>The exchange stopped answering.</source>
        <translation>Bursa berhenti merespons.</translation>
    </message>
</context>
<context>
    <name>everx::InProcessTransport</name>
    <message>
        <source>The in-process exchange is not running.</source>
        <translation>Bursa bawaan tidak berjalan.</translation>
    </message>
</context>
<context>
    <name>everx::LadderView</name>
    <message>
        <source>Spread %1 (%2 %)</source>
        <translation>Spread %1 (%2%)</translation>
    </message>
    <message>
        <source>No bids</source>
        <translation>Tidak ada permintaan</translation>
    </message>
    <message>
        <source>No offers</source>
        <translation>Tidak ada penawaran</translation>
    </message>
    <message>
        <source>Empty book</source>
        <translation>Buku pesanan kosong</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) offered at %1 per GPU-hour</source>
        <translation>
            <numerusform>%n GPU ditawarkan seharga %1 per jam GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) bid at %1 per GPU-hour</source>
        <translation>
            <numerusform>Permintaan %n GPU seharga %1 per jam GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) of them are your bids</source>
        <translation>
            <numerusform>%n GPU di antaranya adalah permintaan Anda</numerusform>
        </translation>
    </message>
    <message>
        <source>Order book ladder</source>
        <translation>Tingkat harga buku pesanan</translation>
    </message>
    <message>
        <source>Offers above, bids below. Enter fills the order ticket with the current level.</source>
        <translation>Penawaran di atas, permintaan di bawah. Enter mengisi tiket pesanan dengan tingkat harga saat ini.</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Harga</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Pesanan</translation>
    </message>
</context>
<context>
    <name>everx::MainWindow</name>
    <message>
        <source>Cancel order</source>
        <translation>Batalkan pesanan</translation>
    </message>
    <message numerus="yes">
        <source>Cancel the bid for %n GPU(s) of %1 at %2? The %3 it holds goes back to your balance.</source>
        <translation>
            <numerusform>Batalkan permintaan %n GPU %1 seharga %2? Dana %3 yang ditahan akan kembali ke saldo Anda.</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop rental</source>
        <translation>Hentikan penyewaan</translation>
    </message>
    <message numerus="yes">
        <source>Stop the rental of %n GPU(s) of %1? The hour under way is billed; the %2 hour(s) left are not.</source>
        <translation>
            <numerusform>Hentikan penyewaan %n GPU %1? Jam yang sedang berjalan tetap ditagih; sisa %2 jam tidak ditagih.</numerusform>
        </translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Ditolak: %1</translation>
    </message>
    <message>
        <source>EverX Desk</source>
        <translation>EverX Desk</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Tampilan</translation>
    </message>
    <message>
        <source>Order book</source>
        <translation>Buku pesanan</translation>
    </message>
    <message>
        <source>Open orders</source>
        <translation>Pesanan terbuka</translation>
    </message>
    <message>
        <source>Rentals</source>
        <translation>Penyewaan</translation>
    </message>
    <message>
        <source>Order ticket</source>
        <translation>Tiket pesanan</translation>
    </message>
    <message>
        <source>&amp;Cancel order…</source>
        <translation>&amp;Batalkan pesanan…</translation>
    </message>
    <message>
        <source>&amp;Stop rental…</source>
        <translation>&amp;Hentikan penyewaan…</translation>
    </message>
    <message>
        <source>Copy &amp;access details</source>
        <translation>Salin detail &amp;akses</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Disconnected</source>
        <translation>Terputus</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Menghubungkan…</translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>Terhubung</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <comment>round-trip latency</comment>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Not signed in</source>
        <translation>Belum masuk</translation>
    </message>
    <message>
        <source>Available %1</source>
        <comment>balance</comment>
        <translation>Tersedia %1</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Bahasa</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Tema</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Terang</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Gelap</translation>
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
        <translation>Terakhir</translation>
    </message>
    <message>
        <source>24h change</source>
        <translation>Perubahan 24 jam</translation>
    </message>
    <message>
        <source>24h volume</source>
        <comment>GPU-hours traded in 24 hours</comment>
        <translation>Volume 24 jam</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Memori</translation>
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
        <translation>tidak dipublikasikan</translation>
    </message>
    <message>
        <source>Best bid</source>
        <translation>Permintaan terbaik</translation>
    </message>
    <message>
        <source>Best ask</source>
        <comment>the lowest offer</comment>
        <translation>Penawaran terbaik</translation>
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
        <translation>Jumlah GPU</translation>
    </message>
    <message>
        <source>Filled</source>
        <comment>GPUs of the bid filled so far</comment>
        <translation>Terisi</translation>
    </message>
    <message>
        <source>Price</source>
        <comment>per GPU-hour</comment>
        <translation>Harga</translation>
    </message>
    <message>
        <source>Hours</source>
        <translation>Jam</translation>
    </message>
    <message>
        <source>Held</source>
        <comment>money held for the bid</comment>
        <translation>Ditahan</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Kedaluwarsa</translation>
    </message>
    <message>
        <source>until cancelled</source>
        <translation>hingga dibatalkan</translation>
    </message>
</context>
<context>
    <name>everx::OrderBookModel</name>
    <message>
        <source>Price</source>
        <comment>per GPU-hour</comment>
        <translation>Harga</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Total</source>
        <comment>cumulative GPUs from the best price</comment>
        <translation>Total</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Pesanan</translation>
    </message>
</context>
<context>
    <name>everx::OrderTicket</name>
    <message>
        <source>Sign in to trade.</source>
        <translation>Masuk untuk bertransaksi.</translation>
    </message>
    <message>
        <source>Choose a GPU in the market watch.</source>
        <translation>Pilih GPU di pantauan pasar.</translation>
    </message>
    <message>
        <source>Enter a price per GPU-hour, like %1.</source>
        <translation>Masukkan harga per jam GPU, misalnya %1.</translation>
    </message>
    <message>
        <source>The price can be at most %1 per GPU-hour.</source>
        <translation>Harga maksimal %1 per jam GPU.</translation>
    </message>
    <message>
        <source>This needs %1; %2 is available. Top up, or ask for fewer GPUs or hours.</source>
        <translation>Dibutuhkan %1; tersedia %2. Isi saldo, atau kurangi jumlah GPU atau jam.</translation>
    </message>
    <message numerus="yes">
        <source>Buy now %n GPU(s) of %1 for %2 hour(s) at the best offers up to %3 per GPU-hour.</source>
        <translation>
            <numerusform>Beli sekarang %n GPU %1 selama %2 jam dengan penawaran terbaik hingga %3 per jam GPU.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Bid for %n GPU(s) of %1 for %2 hour(s) at %3 per GPU-hour.</source>
        <translation>
            <numerusform>Pasang permintaan %n GPU %1 selama %2 jam seharga %3 per jam GPU.</numerusform>
        </translation>
    </message>
    <message>
        <source>Confirm order</source>
        <translation>Konfirmasi pesanan</translation>
    </message>
    <message>
        <source>Subtotal %1
Tax %2
Total held %3
Balance after %4
Prices exclude tax; rentals are billed hourly.</source>
        <translation>Subtotal %1
Pajak %2
Total ditahan %3
Sisa saldo %4
Harga belum termasuk pajak; penyewaan ditagih per jam.</translation>
    </message>
    <message>
        <source>Order refused: %1</source>
        <translation>Pesanan ditolak: %1</translation>
    </message>
    <message>
        <source>Order placed.</source>
        <translation>Pesanan terkirim.</translation>
    </message>
    <message>
        <source>&amp;Buy now</source>
        <comment>take the best offers at once</comment>
        <translation>&amp;Beli sekarang</translation>
    </message>
    <message>
        <source>B&amp;id</source>
        <comment>place a bid at your price</comment>
        <translation>&amp;Pasang permintaan</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>&amp;GPUs</source>
        <translation>Jumlah &amp;GPU</translation>
    </message>
    <message>
        <source>&amp;Hours</source>
        <translation>&amp;Jam</translation>
    </message>
    <message>
        <source>&amp;Price per GPU-hour</source>
        <translation>&amp;Harga per jam GPU</translation>
    </message>
    <message>
        <source>Subtotal</source>
        <translation>Subtotal</translation>
    </message>
    <message>
        <source>Tax</source>
        <translation>Pajak</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Balance after</source>
        <translation>Sisa saldo</translation>
    </message>
    <message>
        <source>Place order…</source>
        <translation>Kirim pesanan…</translation>
    </message>
    <message>
        <source>Price per GPU-hour</source>
        <translation>Harga per jam GPU</translation>
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
        <translation>Jumlah GPU</translation>
    </message>
    <message>
        <source>Price</source>
        <comment>per GPU-hour</comment>
        <translation>Harga</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Mulai</translation>
    </message>
    <message>
        <source>Hours left</source>
        <translation>Sisa jam</translation>
    </message>
    <message>
        <source>Cost so far</source>
        <translation>Biaya sejauh ini</translation>
    </message>
    <message>
        <source>Access</source>
        <translation>Akses</translation>
    </message>
    <message>
        <source>Region: %1</source>
        <translation>Wilayah: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <comment>hours left</comment>
        <translation>
            <numerusform>%n jam</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::WebSocketTransport</name>
    <message>
        <source>Not a ws:// or wss:// address: %1</source>
        <translation>Bukan alamat ws:// atau wss://: %1</translation>
    </message>
    <message>
        <source>certificate fingerprint mismatch: expected SHA-256 %1, the server presented %2</source>
        <translation>sidik jari sertifikat tidak cocok: diharapkan SHA-256 %1, server memberikan %2</translation>
    </message>
    <message>
        <source>The server&apos;s certificate is not trusted (SHA-256 %1)</source>
        <translation>Sertifikat server tidak tepercaya (SHA-256 %1)</translation>
    </message>
</context>
</TS>
