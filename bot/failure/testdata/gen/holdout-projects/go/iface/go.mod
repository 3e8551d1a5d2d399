module hold/iface

go 1.22
