// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: powerpc begin on the header, store past it
 * check-description: The begin checks &m->hdr for sizeof(struct ppc_msg_hdr), bytes 0..7 of m: the two header stores are covered, the store to m->cookie writes bytes 8..15, beyond the 8 bytes checked.
 * check-level: 0
 *
 * check-output-start
ppc_range_past_struct.c:35:9: warning: unsafe_put_user() accesses bytes 8..15 of 'm', beyond the 8 bytes checked [-Wuaccess-range]
ppc_range_past_struct.c:31:14: note: checked here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct ppc_msg_hdr {
	u32 type;
	u32 len;
};

struct ppc_msg {
	struct ppc_msg_hdr hdr;
	u64 cookie;
};

int ppc_put_msg(struct ppc_msg __user *m, u32 type, u64 cookie);
int ppc_put_msg(struct ppc_msg __user *m, u32 type, u64 cookie)
{
	if (!user_write_access_begin(&m->hdr, sizeof(struct ppc_msg_hdr)))
		return -EFAULT;
	unsafe_put_user(type, &m->hdr.type, efault);
	unsafe_put_user(sizeof(*m), &m->hdr.len, efault);
	unsafe_put_user(cookie, &m->cookie, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_put_msg);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check powerpc testcase: begin on the header, store past it");
