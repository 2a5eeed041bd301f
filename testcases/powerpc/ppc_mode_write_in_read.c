// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: powerpc store in a read region, load in a write region
 * check-description: On book3s/64 user_read_access_begin() sets AMR_KUAP_BLOCK_WRITE and user_write_access_begin() AMR_KUAP_BLOCK_READ, so the store in the read region and the load in the write region fault at run time: one mode finding each, with the begin as the region opened.
 * check-level: 0
 *
 * check-output-start
ppc_mode_write_in_read.c:31:9: warning: unsafe_put_user() writes in a region opened for reading [-Wuaccess-mode]
ppc_mode_write_in_read.c:28:14: note: region opened here
ppc_mode_write_in_read.c:47:9: warning: unsafe_get_user() reads in a region opened for writing [-Wuaccess-mode]
ppc_mode_write_in_read.c:45:14: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct ppc_cmd {
	u32 op;
	u32 ack;
};

int ppc_take_cmd(struct ppc_cmd __user *c, u32 *op);
int ppc_take_cmd(struct ppc_cmd __user *c, u32 *op)
{
	if (!user_read_access_begin(c, sizeof(*c)))
		return -EFAULT;
	unsafe_get_user(*op, &c->op, efault);
	unsafe_put_user(1, &c->ack, efault);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_take_cmd);

int ppc_answer_cmd(struct ppc_cmd __user *c, u32 ack);
int ppc_answer_cmd(struct ppc_cmd __user *c, u32 ack)
{
	u32 op;

	if (!user_write_access_begin(c, sizeof(*c)))
		return -EFAULT;
	unsafe_get_user(op, &c->op, efault);
	unsafe_put_user(op ? ack : 0, &c->ack, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_answer_cmd);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check powerpc testcase: store in a read region, load in a write region");
