// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: powerpc load and store in read-write regions
 * check-description: The loads and stores of ppc_mode_write_in_read in regions opened by user_access_begin() (allow_read_write_user(), both directions) and closed by user_access_end(): nothing to report.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct ppc_cmd2 {
	u32 op;
	u32 ack;
};

int ppc_take_cmd_ok(struct ppc_cmd2 __user *c, u32 *op);
int ppc_take_cmd_ok(struct ppc_cmd2 __user *c, u32 *op)
{
	if (!user_access_begin(c, sizeof(*c)))
		return -EFAULT;
	unsafe_get_user(*op, &c->op, efault);
	unsafe_put_user(1, &c->ack, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_take_cmd_ok);

int ppc_answer_cmd_ok(struct ppc_cmd2 __user *c, u32 ack);
int ppc_answer_cmd_ok(struct ppc_cmd2 __user *c, u32 ack)
{
	u32 op;

	if (!user_access_begin(c, sizeof(*c)))
		return -EFAULT;
	unsafe_get_user(op, &c->op, efault);
	unsafe_put_user(op ? ack : 0, &c->ack, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_answer_cmd_ok);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check powerpc testcase: load and store in read-write regions");
